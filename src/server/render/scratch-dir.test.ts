import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withScratchDir } from './scratch-dir.ts';

describe('withScratchDir', () => {
  it('gives a fresh directory under the temp dir and removes it with its files afterwards', async () => {
    let seen = '';
    const result = await withScratchDir('scratch-test', async (dir) => {
      seen = dir;
      expect(path.dirname(dir)).toBe(os.tmpdir());
      expect(path.basename(dir)).toMatch(/^scratch-test-/);
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

  it('never hands two concurrent callers the same directory, nor leaves the temp dir with a path in the prefix', async () => {
    const dirs = await Promise.all(Array.from({ length: 5 }, () => withScratchDir('../scratch/test', async (dir) => dir)));
    expect(new Set(dirs).size).toBe(5);
    for (const dir of dirs) expect(path.dirname(dir)).toBe(os.tmpdir());
  });
});
