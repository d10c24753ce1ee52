import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchRoot, sweepStaleScratchDirs, withScratchDir } from './scratch-dir.ts';

const originalTmpDir = process.env.TMPDIR;
let tmp: string;
beforeAll(() => {
  // A temp dir of its own: the sweep must not meet the scratch dirs of anything else on the machine.
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scratch-dir-test-'));
  process.env.TMPDIR = tmp;
});
afterAll(() => {
  if (originalTmpDir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = originalTmpDir;
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('withScratchDir', () => {
  it('gives a fresh directory, named after this process, and removes it with its files afterwards', async () => {
    let seen = '';
    const result = await withScratchDir('scratch-test', async (dir) => {
      seen = dir;
      expect(path.dirname(dir)).toBe(scratchRoot(tmp));
      expect(path.dirname(dir)).toMatch(new RegExp(`/promptreel-scratch-${process.getuid!()}$`));
      expect(path.basename(dir)).toMatch(new RegExp(`^${process.pid}-scratch-test-`));
      fs.mkdirSync(path.join(dir, 'nested'));
      fs.writeFileSync(path.join(dir, 'nested', 'file.txt'), 'x');
      return 42;
    });
    expect(result).toBe(42);
    expect(fs.existsSync(seen)).toBe(false);
  });

  it('removes the directory when the work throws, and passes the error on', async () => {
    let seen = '';
    await expect(
      withScratchDir('scratch-test', async (dir) => {
        seen = dir;
        fs.writeFileSync(path.join(dir, 'partial.mp4'), 'x');
        throw new Error('render failed');
      }),
    ).rejects.toThrow('render failed');
    expect(seen).not.toBe('');
    expect(fs.existsSync(seen)).toBe(false);
  });

  it('never hands two concurrent callers the same directory, nor leaves the scratch folder with a path in the prefix', async () => {
    const dirs = await Promise.all(Array.from({ length: 5 }, () => withScratchDir('../scratch/test', async (dir) => dir)));
    expect(new Set(dirs).size).toBe(5);
    for (const dir of dirs) expect(path.dirname(dir)).toBe(scratchRoot());
  });
});

describe('sweepStaleScratchDirs', () => {
  it('removes the dirs of processes that are gone and keeps those of running ones, this one included', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      const root = scratchRoot();
      fs.mkdirSync(root, { recursive: true });
      const left = path.join(root, `${dead}-export-a1b2c3`);
      fs.mkdirSync(path.join(left, 'nested'), { recursive: true });
      fs.writeFileSync(path.join(left, 'nested', 'source.mp4'), 'x');
      const busy = path.join(root, `${alive.pid}-generate-d4e5f6`);
      fs.mkdirSync(busy);
      const unrelated = path.join(root, 'notes');
      fs.mkdirSync(unrelated);

      const removed = await withScratchDir('export', async (own) => {
        const swept = await sweepStaleScratchDirs();
        expect(fs.existsSync(own)).toBe(true);
        return swept;
      });
      expect(removed).toEqual([left]);
      expect(fs.existsSync(left)).toBe(false);
      expect(fs.existsSync(busy)).toBe(true);
      expect(fs.existsSync(unrelated)).toBe(true);
    } finally {
      alive.kill('SIGKILL');
    }
  });

  it('does nothing when no scratch dir was ever made', async () => {
    fs.rmSync(scratchRoot(), { recursive: true, force: true });
    expect(await sweepStaleScratchDirs()).toEqual([]);
  });
});
