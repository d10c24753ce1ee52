import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { runFfmpeg } from './ffmpeg-runner.ts';
import { isFaststart, NotAVideoError, probeMedia } from './probe-media.ts';
import { testFfmpegOn } from '../test-support/test-ffmpeg.ts';


let binaries: FfmpegBinaries;
let dir: string;

const testVideo = ['-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=24:d=1'];
const testTone = ['-f', 'lavfi', '-i', 'sine=f=440:r=48000:d=1'];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

const builds = [
  ['the system ffmpeg', process.env.PATH],
  ['the npm-shipped ffmpeg 4.1', '/nonexistent'],
] as const;

describe.each(builds)('with %s', (_build, searchPath) => {
  beforeAll(async () => {
    binaries = await testFfmpegOn(searchPath);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'probe-test-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  describe('probeMedia', () => {
    it('reads size, codecs, rates and duration of a video with sound', async () => {
      const file = path.join(dir, 'with-sound.mp4');
      await runFfmpeg(binaries, [...testVideo, ...testTone, ...h264, '-c:a', 'aac', '-shortest', file]);
      const probe = await probeMedia(binaries, file);
      expect(probe).toMatchObject({
        width: 160,
        height: 90,
        videoCodec: 'h264',
        pixelFormat: 'yuv420p',
        frameRate: 24,
        nominalFrameRate: 24,
        audioCodec: 'aac',
      });
      expect(probe.formatName).toContain('mp4');
      expect(probe.durationSeconds).toBeCloseTo(1, 1);
      expect(probe.videoDurationSeconds).toBeCloseTo(1, 2);
      expect(probe.sizeBytes).toBe((await fs.stat(file)).size);
    });

    it('reads the colour tags, which say whether the picture is HDR, and leaves them out when untagged', async () => {
      const hlg = path.join(dir, 'hlg-tagged.mp4');
      await runFfmpeg(binaries, [
        ...testVideo, ...h264, '-colorspace', 'bt2020nc', '-color_primaries', 'bt2020', '-color_trc', 'arib-std-b67', '-color_range', 'tv', hlg,
      ]);
      expect(await probeMedia(binaries, hlg)).toMatchObject({
        colorSpace: 'bt2020nc', colorTransfer: 'arib-std-b67', colorPrimaries: 'bt2020', colorRange: 'tv',
      });
      const untagged = path.join(dir, 'untagged.mp4');
      await runFfmpeg(binaries, [...testVideo, ...h264, untagged]);
      const probe = await probeMedia(binaries, untagged);
      expect([probe.colorSpace, probe.colorTransfer, probe.colorPrimaries, probe.colorRange]).toEqual([undefined, undefined, undefined, undefined]);
    });

    it('reports no audio codec for a silent video, and applies the pixel aspect ratio', async () => {
      const file = path.join(dir, 'silent.mkv');
      await runFfmpeg(binaries, [...testVideo, '-vf', 'scale=120:90,setsar=4/3', ...h264, file]);
      const probe = await probeMedia(binaries, file);
      expect(probe.audioCodec).toBeNull();
      expect([probe.width, probe.height]).toEqual([160, 90]);
      expect(probe.formatName).toContain('matroska');
    });

    it('throws NotAVideoError for a text file, an image, audio alone and a playlist', async () => {
      const text = path.join(dir, 'notes.txt');
      await fs.writeFile(text, 'Hello, this is not a video.\n'.repeat(200));
      const image = path.join(dir, 'still.png');
      await runFfmpeg(binaries, [...testVideo, '-frames:v', '1', image]);
      const audio = path.join(dir, 'tone.m4a');
      await runFfmpeg(binaries, [...testTone, '-c:a', 'aac', audio]);
      const playlist = path.join(dir, 'list.m3u8');
      await fs.writeFile(playlist, `#EXTM3U\n#EXTINF:1,\n${path.join(dir, 'with-sound.mp4')}\n`);

      for (const file of [text, image, audio, playlist, path.join(dir, 'missing.mp4')]) {
        const error = await probeMedia(binaries, file).catch((e: unknown) => e);
        expect(error, file).toBeInstanceOf(NotAVideoError);
        expect((error as Error).message).toBe('Not a playable video');
      }
    });
  });

  describe('isFaststart', () => {
    it('is true when moov precedes mdat and false otherwise', async () => {
      const fast = path.join(dir, 'fast.mp4');
      const slow = path.join(dir, 'slow.mp4');
      await runFfmpeg(binaries, [...testVideo, ...h264, '-movflags', '+faststart', fast]);
      await runFfmpeg(binaries, [...testVideo, ...h264, slow]);
      expect(await isFaststart(fast)).toBe(true);
      expect(await isFaststart(slow)).toBe(false);
    });
  });
});
