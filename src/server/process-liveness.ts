import os from 'node:os';

/** This process as the rows it claims name it (an upload being checked): its machine and its pid. */
export function thisProcess(): { host: string; pid: number } {
  return { host: os.hostname(), pid: process.pid };
}

/**
 * Whether a process with this pid runs on this machine. Pids are only meaningful within one pid namespace:
 * processes that share a host name (or a temp dir) must share their pid namespace too.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
