import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { extractLastFrame } from '../../render/media-operations.ts';
import { isFaststart, probeMedia } from '../../render/probe-media.ts';
import { scratchRoot } from '../../render/scratch-dir.ts';
import { childProcesses, stillRunning } from '../../test-support/crash-checks.ts';
import { waitFor } from '../../test-support/wait-for.ts';
import { chooseOfflineLook, createOfflineVideoModel } from './offline-video-model.ts';
import { type SegmentRequest, VideoModelError } from './video-model.ts';
import { testFfmpeg, testFfmpegOn } from '../../test-support/test-ffmpeg.ts';

let binaries: FfmpegBinaries;
let dir: string;
const originalTmpDir = process.env.TMPDIR;

beforeAll(async () => {
  binaries = await testFfmpeg();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'offline-model-test-'));
  // Scratch dirs of this file's renders go here, apart from those of anything else running on the machine.
  process.env.TMPDIR = dir;
});
afterAll(async () => {
  if (originalTmpDir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = originalTmpDir;
  await fs.rm(dir, { recursive: true, force: true });
});

/**
 * Small frames for the tests about the picture's motion, colours, prompt handling and ffmpeg 4.1, which do not
 * depend on its size; the tests about the frame (sizes, the label, stills) share two full-size renders.
 */
const small = { maxSide: 256 };

function request(overrides: Partial<SegmentRequest> & Pick<SegmentRequest, 'outputFile'>): SegmentRequest {
  return {
    prompt: 'A calm lake at dawn',
    aspectRatio: '9:16',
    resolution: '720p',
    durationSeconds: 1,
    segmentIndex: 0,
    totalSegments: 1,
    ...overrides,
  };
}

/** A frame (the one at `at` seconds, or the last) shrunk to 36x64 RGB, decoded by ffmpeg. */
async function framePixels(video: string, at: number | 'last'): Promise<Buffer> {
  const image = `${video}-${at}.png`;
  if (at === 'last') await extractLastFrame(binaries, video, image);
  else await runFfmpeg(binaries, ['-ss', String(at), '-i', video, '-frames:v', '1', '-update', '1', image]);
  const raw = `${image}.rgb`;
  await runFfmpeg(binaries, ['-i', image, '-vf', 'scale=36:64', '-f', 'rawvideo', '-pix_fmt', 'rgb24', raw]);
  return fs.readFile(raw);
}

/** Every frame shrunk to 36x64 RGB. */
async function allFramePixels(video: string): Promise<Buffer[]> {
  const raw = `${video}.frames.rgb`;
  await runFfmpeg(binaries, ['-i', video, '-vf', 'scale=36:64', '-f', 'rawvideo', '-pix_fmt', 'rgb24', raw]);
  const bytes = await fs.readFile(raw);
  const frameBytes = 36 * 64 * 3;
  return Array.from({ length: bytes.length / frameBytes }, (_, i) => bytes.subarray(i * frameBytes, (i + 1) * frameBytes));
}

function meanColour(pixels: Buffer): [number, number, number] {
  const sums = [0, 0, 0];
  for (let i = 0; i < pixels.length; i++) sums[i % 3] = (sums[i % 3] ?? 0) + (pixels[i] ?? 0);
  return sums.map((sum) => sum / (pixels.length / 3)) as [number, number, number];
}

function meanAbsoluteDifference(a: Buffer, b: Buffer): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return total / a.length;
}

/** A frame (the one at `at` seconds) of a video or image at full size, as 8-bit grey. */
async function greyFrame(file: string, at: number | undefined, width: number): Promise<{ pixels: Buffer; width: number; height: number }> {
  const raw = `${file}-${at ?? 'still'}.grey`;
  await runFfmpeg(binaries, [...(at === undefined ? [] : ['-ss', String(at)]), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', raw]);
  const pixels = await fs.readFile(raw);
  return { pixels, width, height: pixels.length / width };
}

/**
 * Pixels in a box (fractions of the frame) where the brightness jumps by more than 40 to the next pixel on the
 * right: the edges of drawn text. The offline picture itself is smooth gradients and soft glows, with none.
 */
function textEdges(frame: { pixels: Buffer; width: number; height: number }, box: { x: [number, number]; y: [number, number] }): number {
  const [x0, x1] = box.x.map((f) => Math.round(f * frame.width)) as [number, number];
  const [y0, y1] = box.y.map((f) => Math.round(f * frame.height)) as [number, number];
  let edges = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < Math.min(x1, frame.width - 1); x++) {
      const i = y * frame.width + x;
      if (Math.abs((frame.pixels[i] ?? 0) - (frame.pixels[i + 1] ?? 0)) > 40) edges++;
    }
  }
  return edges;
}

async function imageSize(file: string): Promise<string> {
  const { stdout } = await promisify(execFile)(binaries.ffprobePath, [
    '-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x', file,
  ]);
  return stdout.trim();
}

describe('offline video model', () => {
  // A long prompt: it used to be burnt in as a three-line caption over the lower middle of the frame.
  const longPrompt = 'Rain-soaked neon city street at night, reflections in puddles, slow dolly forward past glowing signs';
  /**
   * The file's full-size renders, made once: 9:16 720p (2 s) and 16:9 1080p (1 s). The tests of the frame's
   * size, its label and the stills read them; every other render here is small.
   */
  let portrait: string;
  let landscape: string;
  beforeAll(async () => {
    const model = createOfflineVideoModel(binaries);
    expect(model.kind).toBe('offline');
    portrait = path.join(dir, 'nested', 'portrait.mp4');
    landscape = path.join(dir, 'landscape.mp4');
    await Promise.all([
      model.generateSegment(request({ outputFile: portrait, prompt: longPrompt, durationSeconds: 2 })),
      model.generateSegment(request({ outputFile: landscape, prompt: longPrompt, aspectRatio: '16:9', resolution: '1080p', durationSeconds: 1 })),
    ]);
  });

  it('renders 9:16 720p as 720x1280 H.264/AAC at the requested length, faststart', async () => {
    const probe = await probeMedia(binaries, portrait);
    expect(probe).toMatchObject({
      width: 720,
      height: 1280,
      videoCodec: 'h264',
      pixelFormat: 'yuv420p',
      audioCodec: 'aac',
      frameRate: 24,
      nominalFrameRate: 24,
    });
    expect(Math.abs(probe.durationSeconds - 2)).toBeLessThanOrEqual(0.1);
    expect(await isFaststart(portrait)).toBe(true);
    const { stdout } = await promisify(execFile)(binaries.ffprobePath, [
      '-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=sample_rate,channels', '-of', 'csv=p=0', portrait,
    ]);
    expect(stdout.trim()).toBe('48000,2');
  });

  it('renders 16:9 1080p as 1920x1080', async () => {
    const probe = await probeMedia(binaries, landscape);
    expect(probe).toMatchObject({ width: 1920, height: 1080, videoCodec: 'h264', audioCodec: 'aac' });
    expect(Math.abs(probe.durationSeconds - 1)).toBeLessThanOrEqual(0.1);
  });

  it('leaves the caption area free: a small "Offline preview" label in the top-left corner is the only text', async () => {
    for (const [frame, shape] of [
      [await greyFrame(portrait, 1, 720), '9:16'],
      [await greyFrame(landscape, 0.5, 1920), '16:9'],
    ] as const) {
      // The label: in the top-left corner, small.
      expect(textEdges(frame, { x: [0, 0.3], y: [0, 0.09] }), shape).toBeGreaterThan(40);
      // Nothing drawn anywhere else: not beside the label, not in the middle, not where captions go.
      expect(textEdges(frame, { x: [0.3, 1], y: [0, 0.09] }), shape).toBe(0);
      expect(textEdges(frame, { x: [0, 1], y: [0.09, 1] }), shape).toBe(0);
    }
  });

  it('renders stills that show what the clip shows at that time, several in one call, scaled to fit', async () => {
    const model = createOfflineVideoModel(binaries);
    const tall = path.join(dir, 'stills', 'tall.jpg');
    const wide = path.join(dir, 'stills', 'wide.jpg');
    await model.renderStills([
      { prompt: longPrompt, aspectRatio: '9:16', resolution: '720p', atSeconds: 1, maxSide: 640, outputFile: tall },
      { prompt: 'Hiker reaching a snowy summit', aspectRatio: '16:9', resolution: '720p', atSeconds: 1, maxSide: 640, outputFile: wide },
    ]);
    expect(await imageSize(tall)).toBe('360x640');
    expect(await imageSize(wide)).toBe('640x360');
    const stillRaw = `${tall}.rgb`;
    await runFfmpeg(binaries, ['-i', tall, '-vf', 'scale=36:64', '-f', 'rawvideo', '-pix_fmt', 'rgb24', stillRaw]);
    const still = await fs.readFile(stillRaw);
    const atTime = meanAbsoluteDifference(still, await framePixels(portrait, 1));
    expect(atTime).toBeLessThan(4);
    // …and not just any frame of it: half a second later the picture has moved on.
    expect(meanAbsoluteDifference(still, await framePixels(portrait, 1.5))).toBeGreaterThan(atTime * 2);
  });

  const snowyPrompt = 'Snowy winter morning in the mountains';
  let snowy: Promise<string> | undefined;
  /** A small 2 s clip of the snowy prompt, made once: a colour to compare, and a shot's own picture. */
  const snowyClip = () =>
    (snowy ??= (async () => {
      const outputFile = path.join(dir, 'snowy.mp4');
      await createOfflineVideoModel(binaries, small).generateSegment(request({ outputFile, prompt: snowyPrompt, durationSeconds: 2 }));
      return outputFile;
    })());

  it('gives different prompts clearly different colours', async () => {
    const neon = path.join(dir, 'neon.mp4');
    await createOfflineVideoModel(binaries, small).generateSegment(request({ outputFile: neon, prompt: 'Neon cyberpunk club, dancing all night' }));
    const [a, b] = [meanColour(await framePixels(await snowyClip(), 1)), meanColour(await framePixels(neon, 0.5))];
    const distance = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    expect(distance).toBeGreaterThan(60);
  });

  it('renders a prompt full of characters that are special to ffmpeg', async () => {
    const outputFile = path.join(dir, 'tricky.mp4');
    const prompt = `He said "don't": 100% \\ done; %{pts} [x],y\nnext line\ttab 'quoted' ünïcödé 🎬`;
    await createOfflineVideoModel(binaries, small).generateSegment(request({ outputFile, prompt }));
    expect((await probeMedia(binaries, outputFile)).videoCodec).toBe('h264');
  });

  it('continues the motion across segments, so joined segments flow', async () => {
    const model = createOfflineVideoModel(binaries, small);
    const first = path.join(dir, 'part-0.mp4');
    const second = path.join(dir, 'part-1.mp4');
    const prompt = 'Ocean waves under a golden sky';
    await model.generateSegment(request({ outputFile: first, prompt, durationSeconds: 8, totalSegments: 2 }));
    await model.generateSegment(request({ outputFile: second, prompt, segmentIndex: 1, totalSegments: 2 }));
    expect(await probeMedia(binaries, second)).toMatchObject({ width: 144, height: 256 }); // `small`, in the clip's shape
    const endOfFirst = await framePixels(first, 'last');
    const startOfSecond = await framePixels(second, 0);
    const middleOfFirst = await framePixels(first, 4);
    const atJoin = meanAbsoluteDifference(endOfFirst, startOfSecond);
    expect(atJoin).toBeLessThan(6);
    expect(meanAbsoluteDifference(endOfFirst, middleOfFirst)).toBeGreaterThan(atJoin * 2);
  }); // a full 8-second segment (its length is the point), at 144x256

  it('starts a shot that continues another on the given frame, fitted to its own, and dissolves into its own picture', async () => {
    // A frame of another clip, in another shape: red on the left, blue on the right (wider than the shot's 9:16).
    const frame = path.join(dir, 'continued-frame.png');
    await runFfmpeg(binaries, ['-f', 'lavfi', '-i', 'color=c=red:s=100x160,format=rgb24', '-f', 'lavfi', '-i', 'color=c=blue:s=100x160,format=rgb24', '-filter_complex', '[0][1]hstack', '-frames:v', '1', frame]);
    const outputFile = path.join(dir, 'continuing.mp4');
    await createOfflineVideoModel(binaries, small).generateSegment(request({ outputFile, prompt: snowyPrompt, durationSeconds: 2, startFrameFile: frame }));

    const probe = await probeMedia(binaries, outputFile);
    expect(probe).toMatchObject({ width: 144, height: 256, audioCodec: 'aac' });
    expect(probe.durationSeconds).toBeCloseTo(2, 1);
    const frames = await allFramePixels(outputFile);
    expect(frames).toHaveLength(48);
    // The first frame is the given one, cropped to the shot's frame: red on the left half, blue on the right.
    const half = (pixels: Buffer, side: 0 | 1) => Buffer.concat(Array.from({ length: 64 }, (_row, y) => pixels.subarray(y * 108 + side * 54, y * 108 + side * 54 + 54)));
    const [red, blue] = [meanColour(half(frames[0]!, 0)), meanColour(half(frames[0]!, 1))];
    expect(red[0]).toBeGreaterThan(230);
    expect(Math.max(red[1], red[2])).toBeLessThan(25);
    expect(blue[2]).toBeGreaterThan(230);
    expect(Math.max(blue[0], blue[1])).toBeLessThan(25);
    // Past the one-second dissolve the shot shows its own picture, as the same prompt does without a start frame.
    const own = (await allFramePixels(await snowyClip()))[30]!;
    expect(meanAbsoluteDifference(frames[30]!, own)).toBeLessThan(3);
    expect(meanAbsoluteDifference(frames[0]!, own)).toBeGreaterThan(40);
    // Half-way through the dissolve it is neither.
    expect(meanAbsoluteDifference(frames[12]!, own)).toBeGreaterThan(10);
    expect(meanAbsoluteDifference(frames[12]!, frames[0]!)).toBeGreaterThan(10);
  });

  it('stops when the request is aborted: its ffmpeg is killed and no output is written', async () => {
    const outputFile = path.join(dir, 'aborted.mp4');
    const controller = new AbortController();
    const generating = createOfflineVideoModel(binaries).generateSegment(
      request({ outputFile, durationSeconds: 60, resolution: '1080p', signal: controller.signal }),
    );
    const outcome = generating.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    const ffmpegs = await waitFor('the render to start', async () => {
      const pids = await childProcesses(process.pid, path.basename(binaries.ffmpegPath));
      return pids.length > 0 ? pids : undefined;
    });
    controller.abort();

    expect(await outcome).toMatchObject({ name: 'AbortError' });
    expect(await stillRunning(ffmpegs)).toEqual([]);
    await expect(fs.access(outputFile)).rejects.toThrow();
  });

  it('refuses a length it cannot render, as a non-retryable VideoModelError', async () => {
    const error = await createOfflineVideoModel(binaries)
      .generateSegment(request({ outputFile: path.join(dir, 'never.mp4'), durationSeconds: 0 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoModelError);
    expect((error as VideoModelError).retryable).toBe(false);
  });

  it('renders the same picture with the npm-shipped ffmpeg 4.1 as with the system one', async () => {
    const npm = await testFfmpegOn('/nonexistent');
    expect(npm.source).toBe('npm');
    const prompt = 'Sunset: "50%" \\ ocean waves';
    const old = path.join(dir, 'ffmpeg41.mp4');
    const current = path.join(dir, 'ffmpeg-system.mp4');
    await createOfflineVideoModel(npm, small).generateSegment(request({ outputFile: old, prompt, totalSegments: 3 }));
    await createOfflineVideoModel(binaries, small).generateSegment(request({ outputFile: current, prompt, totalSegments: 3 }));

    const probe = await probeMedia(npm, old);
    expect(probe).toMatchObject({ width: 144, height: 256, videoCodec: 'h264', pixelFormat: 'yuv420p', audioCodec: 'aac' });
    expect(Math.abs(probe.durationSeconds - 1)).toBeLessThanOrEqual(0.1);
    expect(await isFaststart(old)).toBe(true);
    // Same filters, same maths: frame by frame, only the encoders' rounding differs (a garbled geq cell would not).
    const [oldFrames, currentFrames] = [await allFramePixels(old), await allFramePixels(current)];
    expect(oldFrames.length).toBe(24);
    const worst = Math.max(...oldFrames.map((frame, i) => meanAbsoluteDifference(frame, currentFrames[i] ?? Buffer.alloc(0))));
    expect(worst).toBeLessThan(4);
  });

  it('leaves no scratch directories behind', async () => {
    expect(os.tmpdir()).toBe(dir);
    const left = (await fs.readdir(scratchRoot())).filter((name) => name.includes('-promptreel-offline-'));
    expect(left).toEqual([]);
  });
});

describe('chooseOfflineLook', () => {
  it('picks fitting palettes for themed words and is deterministic', () => {
    expect(chooseOfflineLook('A sunset over the hills').palette).toBe('sunset');
    expect(chooseOfflineLook('Deep OCEAN waves').palette).toBe('ocean');
    expect(chooseOfflineLook('neon signs').palette).toBe('neon');
    expect(chooseOfflineLook('a quiet forest').palette).toBe('forest');
    expect(chooseOfflineLook('Snow falling').motion).toBe('snowfall');
    expect(chooseOfflineLook('city lights').palette).toBe('city');
    // The first themed word sets the palette, the second the motion.
    expect(chooseOfflineLook('sunset over the ocean')).toMatchObject({ palette: 'sunset', motion: 'waves' });
    expect(chooseOfflineLook('a cat playing piano')).toEqual(chooseOfflineLook('A cat, playing piano!'));
    const plain = ['a cat playing piano', 'robots building a house', 'my grandmother baking bread', 'a jazz trio'];
    const generic = new Set(plain.map((prompt) => chooseOfflineLook(prompt).palette));
    expect(generic.size).toBeGreaterThan(1);
  });

});
