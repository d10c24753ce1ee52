import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs `fn` with a fresh, private directory under the system temp dir and removes the directory afterwards,
 * whether `fn` resolves or throws. Concurrent renders never share files.
 */
export async function withScratchDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const safePrefix = prefix.replace(/[^a-zA-Z0-9_-]/g, '-') || 'scratch';
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `${safePrefix}-`));
  try {
    return await fn(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
