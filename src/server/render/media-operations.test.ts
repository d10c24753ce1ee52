import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { runFfmpeg } from './ffmpeg-runner.ts';
import {
  concatSegments,
  extractLastFrame,
  extractThumbnail,
  h264AacOutputArgs,
  normalizeVideo,
  trimToDuration,
} from './media-operations.ts';
import { isFaststart, NotAVideoError, probeMedia } from './probe-media.ts';
import { cachedHdrClip, cachedSdrPicture, colourTags, expectPictureLike } from '../test-support/hdr-clips.ts';
import { keyframeTimes, x264Settings } from '../test-support/media-facts.ts';
import { testFfmpegOn } from '../test-support/test-ffmpeg.ts';

let binaries: FfmpegBinaries;
let dir: string;

const file = (name: string) => path.join(dir, name);

/** A clip the way our renderer makes them: H.264/AAC, 24 fps, faststart. */
async function segment(name: string, seconds: number, size = '320x180'): Promise<string> {
  const output = file(name);
  await runFfmpeg(binaries, [
    '-f', 'lavfi', '-i', `testsrc2=s=${size}:r=24:d=${seconds}`,
    '-f', 'lavfi', '-i', `sine=f=330:r=48000:d=${seconds}`,
    '-t', String(seconds), ...h264AacOutputArgs(), output,
  ]);
  return output;
}

/** Width and height of any image or video, straight from ffprobe. */
async function dimensions(media: string): Promise<[number, number]> {
  const { stdout } = await promisify(execFile)(binaries.ffprobePath, [
    '-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', media,
  ]);
  const [width, height] = stdout.trim().split(',').map(Number);
  return [width ?? 0, height ?? 0];
}

/**
 * A 2 s variable-rate clip as a phone's screen recorder writes one: two frames of every four of a 60 fps
 * source kept at their own times, so ffprobe says 60 (the step) and the frames average 30 a second.
 */
async function variableRateClip(output: string): Promise<string> {
  await runFfmpeg(binaries, [
    '-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=60:d=2', '-vf', "select='lt(mod(n,4),2)'", '-vsync', 'vfr',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', output,
  ]);
  return output;
}

/** Mean RGB of an image, decoded by ffmpeg. */
async function meanColour(image: string): Promise<[number, number, number]> {
  const raw = `${image}.rgb`;
  await runFfmpeg(binaries, ['-i', image, '-vf', 'scale=16:16', '-f', 'rawvideo', '-pix_fmt', 'rgb24', raw]);
  const bytes = await fs.readFile(raw);
  const sums = [0, 0, 0];
  for (let i = 0; i < bytes.length; i++) sums[i % 3] = (sums[i % 3] ?? 0) + (bytes[i] ?? 0);
  return sums.map((sum) => sum / (bytes.length / 3)) as [number, number, number];
}

const builds = [
  ['the system ffmpeg', process.env.PATH],
  ['the npm-shipped ffmpeg 4.1', '/nonexistent'],
] as const;

describe.each(builds)('with %s', (_build, searchPath) => {
  beforeAll(async () => {
    binaries = await testFfmpegOn(searchPath);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-ops-test-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  describe('concatSegments', () => {
    it('joins segments without re-encoding: the sum of their lengths, still faststart', async () => {
      const first = await segment('seg-0.mp4', 1);
      const second = await segment('seg-1.mp4', 1.5);
      const output = file('joined.mp4');
      const fractions: number[] = [];
      await concatSegments(binaries, [first, second], output, { onProgress: (f) => fractions.push(f) });

      const probe = await probeMedia(binaries, output);
      expect(Math.abs(probe.durationSeconds - 2.5)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(probe.videoDurationSeconds - 2.5)).toBeLessThanOrEqual(0.05);
      expect(probe).toMatchObject({ videoCodec: 'h264', pixelFormat: 'yuv420p', audioCodec: 'aac', width: 320 });
      expect(await isFaststart(output)).toBe(true);
      expect(fractions.at(-1)).toBe(1);
    });
  });

  describe('trimToDuration', () => {
    it('cuts to the exact length, and gives a silent track to a video without one', async () => {
      const source = await segment('long.mp4', 2);
      const output = file('trimmed.mp4');
      await trimToDuration(binaries, source, output, 1.25);
      const probe = await probeMedia(binaries, output);
      expect(Math.abs(probe.durationSeconds - 1.25)).toBeLessThanOrEqual(0.05);
      expect(probe).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
      expect(await isFaststart(output)).toBe(true);

      const silent = file('silent.mp4');
      await runFfmpeg(binaries, [
        '-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=24:d=2', '-c:v', 'libx264', '-preset', 'ultrafast', silent,
      ]);
      await trimToDuration(binaries, silent, file('silent-trimmed.mp4'), 1);
      const silentProbe = await probeMedia(binaries, file('silent-trimmed.mp4'));
      expect(silentProbe.audioCodec).toBe('aac');
      expect(Math.abs(silentProbe.durationSeconds - 1)).toBeLessThanOrEqual(0.05);
    });
  });

  describe('extractThumbnail and extractLastFrame', () => {
    it('makes a JPEG at most 480 px on its long side, never enlarged', async () => {
      const landscape = await segment('wide.mp4', 1, '640x360');
      const portrait = await segment('tall.mp4', 1, '360x640');
      const small = await segment('small.mp4', 1, '160x90');
      for (const [input, expected] of [
        [landscape, [480, 270]],
        [portrait, [270, 480]],
        [small, [160, 90]],
      ] as const) {
        const jpeg = `${input}.jpg`;
        await extractThumbnail(binaries, input, jpeg, 5); // past the end: clamped into the video
        const bytes = await fs.readFile(jpeg);
        expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
        expect(await dimensions(jpeg)).toEqual(expected);
      }
    });

    it('takes the very last frame as a PNG', async () => {
      const input = file('red-then-blue.mp4');
      await runFfmpeg(binaries, [
        '-filter_complex',
        'color=c=red:s=64x64:r=24:d=1[r];color=c=blue:s=64x64:r=24:d=1[b];[r][b]concat=n=2:v=1:a=0[v]',
        '-map', '[v]', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', input,
      ]);
      const png = file('last.png');
      await extractLastFrame(binaries, input, png);
      const bytes = await fs.readFile(png);
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      const [red, green, blue] = await meanColour(png);
      expect(blue).toBeGreaterThan(200);
      expect(red).toBeLessThan(40);
      expect(green).toBeLessThan(40);
    });
  });

  describe('normalizeVideo', () => {
    it('turns VP8+Opus WebM, soundless VP9 WebM and an odd-sized AVI into H.264/AAC faststart MP4', async () => {
      const vp8 = file('in-vp8.webm');
      await runFfmpeg(binaries, [
        '-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=1', '-f', 'lavfi', '-i', 'sine=f=440:r=48000:d=1',
        '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-c:a', 'libopus', vp8,
      ]);
      const vp9 = file('in-vp9.webm');
      await runFfmpeg(binaries, [
        '-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=30:d=1',
        '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', vp9,
      ]);
      const avi = file('in.avi');
      await runFfmpeg(binaries, [
        '-f', 'lavfi', '-i', 'testsrc2=s=161x91:r=24:d=1', '-f', 'lavfi', '-i', 'sine=f=220:r=44100:d=1',
        '-c:v', 'mpeg4', '-c:a', 'pcm_s16le', '-ac', '1', avi,
      ]);

      for (const [input, expectedSize] of [
        [vp8, [320, 240]],
        [vp9, [320, 180]],
        [avi, [160, 90]],
      ] as const) {
        const output = `${input}.mp4`;
        const probe = await normalizeVideo(binaries, input, output);
        expect(probe, input).toMatchObject({
          videoCodec: 'h264',
          pixelFormat: 'yuv420p',
          audioCodec: 'aac',
          width: expectedSize[0],
          height: expectedSize[1],
        });
        expect(probe.formatName).toContain('mp4');
        expect(Math.abs(probe.durationSeconds - 1)).toBeLessThanOrEqual(0.1);
        expect(await isFaststart(output)).toBe(true);
      }
    });

    it('stores a keyframe at least every second, so seeking into a clip decodes at most a second of it', async () => {
      // x264's default: one keyframe in 250 frames, the whole of this 3 s clip.
      const oneKeyframe = file('one-keyframe.mp4');
      await runFfmpeg(binaries, [
        '-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=24:d=3', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '250', oneKeyframe,
      ]);
      expect(await keyframeTimes(binaries, oneKeyframe)).toEqual([0]);
      const stored = file('one-keyframe-stored.mp4');
      await normalizeVideo(binaries, oneKeyframe, stored);
      const times = await keyframeTimes(binaries, stored);
      expect(times[0]).toBe(0);
      const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));
      expect(Math.max(...gaps), `keyframes at ${times.join(', ')} s`).toBeLessThanOrEqual(1 + 1 / 24);
      expect(times.at(-1)).toBeGreaterThanOrEqual(2 - 1 / 24);
    });

    it('writes closed GOPs with at most two B-frames in a row, as YouTube asks', async () => {
      const stored = file('gop-stored.mp4');
      await normalizeVideo(binaries, await segment('gop.mp4', 2), stored);
      const settings = await x264Settings(stored);
      expect(settings).toMatch(/ bframes=2 /);
      expect(settings).toMatch(/ open_gop=0 /);
    });

    it('stores a variable-rate screen recording at a constant rate at or above its average, not at its 60 fps step', async () => {
      const recording = await variableRateClip(file('screen-recording.mp4'));
      const before = await probeMedia(binaries, recording);
      expect(before.nominalFrameRate).toBe(60);
      expect(Math.round(before.frameRate)).toBeGreaterThanOrEqual(30);
      expect(Math.round(before.frameRate)).toBeLessThanOrEqual(31);
      const stored = await normalizeVideo(binaries, recording, file('screen-recording-stored.mp4'), { maxFrameRate: 60 });
      expect(stored.nominalFrameRate).toBe(30);
      expect(stored.frameRate).toBe(30);
    });

    it('scales down to maxLongSide keeping aspect, squares pixels, applies rotation, refuses non-videos', async () => {
      const anamorphic = file('anamorphic.mov');
      await runFfmpeg(binaries, [
        '-f', 'lavfi', '-i', 'testsrc2=s=480x360:r=24:d=0.5', '-vf', 'setsar=4/3',
        '-c:v', 'libx264', '-preset', 'ultrafast', anamorphic,
      ]);
      const probe = await normalizeVideo(binaries, anamorphic, file('scaled.mp4'), { maxLongSide: 320 });
      expect([probe.width, probe.height]).toEqual([320, 180]);
      expect(probe.audioCodec).toBe('aac');

      // A phone video: stored landscape, shown portrait by its rotation matrix.
      const stored = await segment('stored-landscape.mp4', 0.5, '320x180');
      const rotated = file('rotated.mp4');
      await runFfmpeg(binaries, ['-i', stored, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', rotated]);
      expect(await probeMedia(binaries, rotated)).toMatchObject({ width: 180, height: 320 });
      const upright = await normalizeVideo(binaries, rotated, file('upright.mp4'));
      expect([upright.width, upright.height]).toEqual([180, 320]);

      const text = file('not-a-video.txt');
      await fs.writeFile(text, 'just words\n'.repeat(300));
      await expect(normalizeVideo(binaries, text, file('never.mp4'))).rejects.toBeInstanceOf(NotAVideoError);
    });
  });

  describe('normalizeVideo and HDR', () => {
    let sdr: string;
    beforeAll(async () => {
      sdr = await cachedSdrPicture();
    });

    it.each([
      ['HLG', 'arib-std-b67'],
      ['PQ', 'smpte2084'],
    ] as const)('tone-maps a 10-bit %s clip to BT.709 SDR that looks like the SDR picture it was made from, tagged BT.709', async (_name, transfer) => {
      // Made once for both builds: what is tried here is each build's normalizeVideo.
      const hdr = await cachedHdrClip(transfer);
      const output = file(`${transfer}-stored.mp4`);
      await normalizeVideo(binaries, hdr, output);
      await expectPictureLike(binaries, output, sdr);
      expect(await colourTags(binaries, output)).toEqual({ space: 'bt709', transfer: 'bt709', primaries: 'bt709', range: 'tv' });
    });

    it('leaves an SDR picture as it was', async () => {
      const output = file('sdr-stored.mp4');
      await normalizeVideo(binaries, sdr, output);
      await expectPictureLike(binaries, output, sdr, 1);
    });
  });
});
