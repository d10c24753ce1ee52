import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeLyingMatroska } from '../test-support/test-clips.ts';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { FfmpegTimeoutError, runFfmpeg } from './ffmpeg-runner.ts';
import { measureMedia } from './media-operations.ts';
import { probeMedia } from './probe-media.ts';
import { withScratchDir } from './scratch-dir.ts';
import { testFfmpegOn } from '../test-support/test-ffmpeg.ts';

let binaries: FfmpegBinaries;
beforeAll(async () => {
  binaries = await testFfmpegOn('');
});

describe('runFfmpeg with a time limit', () => {
  it('kills ffmpeg past its limit and says so', async () => {
    // -re paces a 10-minute source in real time: it cannot finish within the limit.
    const run = runFfmpeg(binaries, ['-re', '-f', 'lavfi', '-i', 'testsrc2=s=32x32:d=600', '-f', 'null', '-'], { timeoutMs: 300 });
    await expect(run).rejects.toBeInstanceOf(FfmpegTimeoutError);
    await expect(run).rejects.toThrow('ffmpeg was stopped after its time limit of 0.3 s');
  });

  it('answers how far the output got and how many frames it holds', async () => {
    const stats = await runFfmpeg(binaries, ['-f', 'lavfi', '-i', 'testsrc2=s=32x32:r=10:d=3', '-f', 'null', '-'], { timeoutMs: 60_000 });
    expect(stats.frames).toBe(30);
    expect(stats.outTimeSeconds).toBeCloseTo(3, 1);
  });
});

describe('measureMedia', () => {
  it('reads the real length off the packets, whatever the header claims, up to its limit', async () => {
    await withScratchDir('measure-test', async (dir) => {
      const file = path.join(dir, 'long.mkv');
      await makeLyingMatroska(file, { seconds: 330, claimedSeconds: 10 });
      expect((await probeMedia(binaries, file)).durationSeconds).toBe(10);
      const whole = await measureMedia(binaries, file, { limitSeconds: 1000 });
      expect(whole.seconds).toBeCloseTo(330, 0);
      expect(whole.frames).toBe(330);
      const bounded = await measureMedia(binaries, file, { limitSeconds: 300.2 });
      expect(bounded.seconds).toBeGreaterThan(300);
      expect(bounded.seconds).toBeLessThan(302);
    });
  });
});
