import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isRunning } from '../process-liveness.ts';

/**
 * Every scratch dir lives in this one folder, named `<pid>-<prefix>-XXXXXX` after the process that made it,
 * so a start-up sweep can tell the dirs of a killed process (SIGKILL, OOM, power loss skip `finally`) from
 * those of processes still rendering. One folder per OS user: another user's would be neither writable nor
 * sweepable. The temp dir is read at each call: tests point TMPDIR elsewhere.
 */
export function scratchRoot(tmpDir = os.tmpdir()): string {
  const uid = process.getuid?.();
  return path.join(tmpDir, uid === undefined ? 'promptreel-scratch' : `promptreel-scratch-${uid}`);
}

/**
 * Runs `fn` with a fresh, private directory under `scratchRoot()` and removes the directory afterwards,
 * whether `fn` resolves or throws. Concurrent renders never share files.
 */
export async function withScratchDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const safePrefix = prefix.replace(/[^a-zA-Z0-9_-]/g, '-') || 'scratch';
  const root = scratchRoot();
  await fs.mkdir(root, { recursive: true });
  const dir = await fs.mkdtemp(path.join(root, `${process.pid}-${safePrefix}-`));
  try {
    return await fn(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The pid in a scratch dir's name; undefined for anything else in the folder. */
function ownerPid(name: string): number | undefined {
  const match = /^(\d+)-/.exec(name);
  const pid = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Removes the scratch dirs whose process no longer runs and returns them. Dirs of running processes (this
 * one's included) are kept, so it is safe while other PromptReel processes on the machine render. Pids are
 * only meaningful within one pid namespace: containers must not share one temp dir.
 */
export async function sweepStaleScratchDirs(): Promise<string[]> {
  const root = scratchRoot();
  const names = await fs.readdir(root).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  const removed: string[] = [];
  for (const name of names) {
    const pid = ownerPid(name);
    if (pid === undefined || pid === process.pid || isRunning(pid)) continue;
    const dir = path.join(root, name);
    // One dir that cannot be removed (changed owner, say) must not keep the process from starting.
    const gone = await fs.rm(dir, { recursive: true, force: true }).then(
      () => true,
      () => false,
    );
    if (gone) removed.push(dir);
  }
  return removed;
}
