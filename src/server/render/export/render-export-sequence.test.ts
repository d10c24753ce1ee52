import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorState, type Shot, defaultEditorState, newShot } from '../../../shared/editor/editor-state.ts';
import type { FfmpegBinaries } from '../ffmpeg-binaries.ts';
import { runFfmpeg } from '../ffmpeg-runner.ts';
import { h264AacOutputArgs } from '../media-operations.ts';
import { cachedFixture } from '../../test-support/cached-fixture.ts';
import { mediaFacts } from '../../test-support/media-facts.ts';
import { renderExport } from './render-export.ts';
import { meanDifference } from '../../test-support/picture-difference.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';

const run = promisify(execFile);
let binaries: FfmpegBinaries;
let dir: string;

/** Clip a: portrait 180x320 at 30 fps with a 440 Hz tone. Clip b: landscape 320x180 at 25 fps, the pattern in negative, no sound. */
const makeA = (file: string) =>
  runFfmpeg(binaries, ['-f', 'lavfi', '-i', 'testsrc2=s=180x320:r=30:d=2', '-f', 'lavfi', '-i', 'sine=f=440:r=48000:d=2', '-t', '2', ...h264AacOutputArgs(), file]);
const makeB = (file: string) => runFfmpeg(binaries, ['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25:d=2,negate', '-an', ...h264AacOutputArgs(), file]);

const shot = (id: string, mediaId: string, from: number, to: number, transition?: Shot['transition']): Shot => ({
  ...newShot(id, mediaId, 2),
  in: from,
  out: to,
  ...(transition ? { transition } : {}),
});

/**
 * a 0.5–1.5 s; b 0.2–1.4 s crossfading in over 0.4 s; a again 1–2 s, cut in; b 0.2–1 s crossfading in after
 * that cut (a transition after a cut joins pictures of concat's time base). On the output: 0–1, 0.6–1.8,
 * 1.8–2.8 and 2.4–3.2 s, 3.2 s in all. Each shot's middle (outside the crossfades) and the source time it shows.
 */
const editorState: EditorState = {
  ...defaultEditorState('a', 2),
  shots: [
    shot('s1', 'a', 0.5, 1.5),
    shot('s2', 'b', 0.2, 1.4, { kind: 'crossfade', duration: 0.4 }),
    shot('s3', 'a', 1, 2),
    shot('s4', 'b', 0.2, 1, { kind: 'crossfade', duration: 0.4 }),
  ],
};
const OUTPUT_SECONDS = 1 + 1.2 + 1 + 0.8 - 0.8;
const middles = [
  { shot: 1, output: 0.5, media: 'a', source: 1, frame: 1 / 30 },
  { shot: 2, output: 1.2, media: 'b', source: 0.8, frame: 1 / 25 },
  { shot: 3, output: 2.1, media: 'a', source: 1.3, frame: 1 / 30 },
  { shot: 4, output: 3, media: 'b', source: 0.8, frame: 1 / 25 },
] as const;

/** One frame as 36x64 grey levels (`crop` first: the part of the frame a shot's picture fills). */
async function grey(media: string, atSeconds: number, crop?: string): Promise<Buffer> {
  const { stdout } = await run(
    binaries.ffmpegPath,
    ['-v', 'error', '-ss', String(atSeconds), '-i', media, '-frames:v', '1', '-vf', `${crop ? `${crop},` : ''}scale=36:64,format=gray`, '-f', 'rawvideo', '-'],
    { encoding: 'buffer' },
  );
  return stdout;
}


/** Root mean square of the decoded mono sound in [from, to) seconds. */
function rms(samples: Float32Array, from: number, to: number): number {
  const part = samples.subarray(Math.round(from * 48_000), Math.round(to * 48_000));
  return Math.sqrt(part.reduce((sum, sample) => sum + sample * sample, 0) / part.length);
}

// xfade and acrossfade need ffmpeg 4.3 or later (decision 039): the sequence is rendered by the system build only.
describe('a sequence of shots from two sources, rendered', () => {
  let sources: Map<string, string>;
  let output: string;
  beforeAll(async () => {
    binaries = await testFfmpeg();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'render-sequence-test-'));
    sources = new Map([
      ['a', await cachedFixture('sequence-a-testsrc2-180x320-30fps-2s-sine440.mp4', makeA)],
      ['b', await cachedFixture('sequence-b-testsrc2-negated-320x180-25fps-2s-silent.mp4', makeB)],
    ]);
    output = path.join(dir, 'sequence.mp4');
    await renderExport(binaries, {
      sourceFiles: sources,
      outputFile: output,
      editorState,
      spec: { resolution: '720p', format: 'mp4', quality: 'high', watermark: false },
    });
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('lasts the shots less the crossfade, to a frame, in the first shot’s frame, with sound of the same length', async () => {
    const { video, audio } = await mediaFacts(binaries, output);
    expect(video).toMatchObject({ width: 720, height: 1280, r_frame_rate: '30/1' });
    expect(Math.abs(Number(video.duration) - OUTPUT_SECONDS)).toBeLessThanOrEqual(1 / 30 + 1e-6);
    expect(Math.abs(Number(video.nb_frames) - OUTPUT_SECONDS * 30)).toBeLessThanOrEqual(1);
    expect(audio).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
    expect(Math.abs(Number(audio!.duration) - OUTPUT_SECONDS)).toBeLessThanOrEqual(1 / 30);
  });

  it('plays each shot’s own sound: the tone under a’s shots, silence under b’s', async () => {
    const { stdout } = await run(binaries.ffmpegPath, ['-v', 'error', '-i', output, '-map', '0:a:0', '-ac', '1', '-ar', '48000', '-f', 'f32le', '-'], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    const samples = new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
    expect(rms(samples, 0.1, 0.5)).toBeGreaterThan(0.05);
    expect(rms(samples, 1.1, 1.7)).toBeLessThan(0.001);
    expect(rms(samples, 1.9, 2.3)).toBeGreaterThan(0.05);
    expect(rms(samples, 2.85, 3.15)).toBeLessThan(0.001);
  });

  it.each(middles)('shows at the middle of shot $shot the frame of its source at that source time', async ({ output: at, media, source, frame }) => {
    // b (16:9) sits letterboxed in the 9:16 frame: 720x405 from row 437.
    const shown = await grey(output, at, media === 'b' ? 'crop=720:405:0:437' : undefined);
    // Closer to that frame of the source than to the frames before and after it.
    const times = [source - frame, source, source + frame];
    const distances = await Promise.all(times.map(async (time) => meanDifference(shown, await grey(sources.get(media)!, time))));
    expect(distances.indexOf(Math.min(...distances))).toBe(1);
    const other = await grey(sources.get(media === 'a' ? 'b' : 'a')!, source);
    expect(distances[1]).toBeLessThan(meanDifference(shown, other) / 3);
  });
});
