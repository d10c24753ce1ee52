import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { childProcesses, stillRunning } from '../test-support/crash-checks.ts';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { FfmpegCpuLimitError, FfmpegError, reasonFromStderr, runFfmpeg } from './ffmpeg-runner.ts';
import { withScratchDir } from './scratch-dir.ts';
import { testFfmpegOn } from '../test-support/test-ffmpeg.ts';


const builds = [
  ['the system ffmpeg', process.env.PATH],
  ['the npm-shipped ffmpeg 4.1', '/nonexistent'],
] as const;

describe.each(builds)('with %s', (_build, searchPath) => {
  let binaries: FfmpegBinaries;
  beforeAll(async () => {
    binaries = await testFfmpegOn(searchPath);
  });

  describe('runFfmpeg', () => {
    it('reports progress that rises to exactly 1 and writes the output', async () => {
      await withScratchDir('runner-test', async (dir) => {
        const output = path.join(dir, 'clip.mp4');
        const fractions: number[] = [];
        // -re paces the source in real time, so ffmpeg reports progress while it runs.
        await runFfmpeg(
          binaries,
          ['-re', '-f', 'lavfi', '-i', 'testsrc2=s=64x64:r=24:d=1.5', '-c:v', 'libx264', '-preset', 'ultrafast', output],
          { expectedDurationSeconds: 1.5, onProgress: (fraction) => fractions.push(fraction) },
        );
        expect(fractions.at(-1)).toBe(1);
        expect(fractions.some((fraction) => fraction > 0 && fraction < 1)).toBe(true);
        expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
        expect(fractions.every((fraction) => fraction >= 0 && fraction <= 1)).toBe(true);
        expect((await fs.stat(output)).size).toBeGreaterThan(0);
      });
    });

    it("throws FfmpegError with ffmpeg's own reason, exit code and stderr tail", async () => {
      const missing = await runFfmpeg(binaries, ['-i', '/nonexistent/input.mp4', '/tmp/never.mp4']).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(FfmpegError);
      const error = missing as FfmpegError;
      expect(error.message).toMatch(/No such file or directory/);
      expect(error.message).not.toMatch(/\n|\s+at\s/);
      expect(error.exitCode).not.toBe(0);
      expect(error.stderrTail.length).toBeGreaterThan(0);
      expect(error.stderrTail.length).toBeLessThanOrEqual(30);

      await expect(
        runFfmpeg(binaries, ['-f', 'lavfi', '-i', 'testsrc2=s=32x32:d=0.1', '-vf', 'nosuchfilter', '-f', 'null', '-']),
      ).rejects.toThrow(/No such filter: 'nosuchfilter'/);
    });

    it('kills ffmpeg when the signal aborts', async () => {
      const controller = new AbortController();
      let progressed!: () => void;
      const running = new Promise<void>((resolve) => (progressed = resolve));
      // An hour of input paced in real time: only the abort can end this run before the test times out.
      const run = runFfmpeg(binaries, ['-re', '-f', 'lavfi', '-i', 'testsrc2=s=32x32:d=3600', '-f', 'null', '-'], {
        signal: controller.signal,
        expectedDurationSeconds: 3600,
        onProgress: () => progressed(),
      });
      await running;
      const ffmpegs = await childProcesses(process.pid, path.basename(binaries.ffmpegPath));
      expect(ffmpegs).toHaveLength(1);

      controller.abort();
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
      // The promise settles once ffmpeg has exited: by then it is gone, not left rendering.
      expect(await stillRunning(ffmpegs)).toEqual([]);
      await expect(runFfmpeg(binaries, ['-version'], { signal: controller.signal })).rejects.toMatchObject({
        name: 'AbortError',
      });
    });

    it('stops a run that spends more processor time than its budget, whatever the clock says', async () => {
      // Ten minutes of 1080p at x264's slow preset: hundreds of CPU seconds, stopped after one.
      const run = runFfmpeg(
        binaries,
        ['-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:r=30:d=600', '-c:v', 'libx264', '-preset', 'slow', '-f', 'null', '-'],
        { cpuSeconds: 1 },
      );
      const error = await run.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FfmpegCpuLimitError);
      expect((error as FfmpegCpuLimitError).cpuSeconds).toBe(1);
    });
  });
});

describe('reasonFromStderr', () => {
  it('takes the last line that says why, without the filter address', () => {
    const stderr = [
      "[AVFilterGraph @ 0x563ebaaccb40] No such filter: 'nosuchfilter'",
      'Error reinitializing filters!',
      'Failed to inject frame into filter network: Invalid argument',
      'Error while processing the decoded data for stream #0:0',
      'Conversion failed!',
    ];
    expect(reasonFromStderr(stderr, 1)).toBe("No such filter: 'nosuchfilter'");
    expect(reasonFromStderr([], 1)).toBe('ffmpeg failed (exit code 1)');
    expect(reasonFromStderr(['x'.repeat(500)], 1)).toHaveLength(200);
  });
});
