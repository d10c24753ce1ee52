import type { Logger } from './logger.ts';

/**
 * Runs `stop` (close the server, finish or hand back jobs, close the database) and tells the exit code:
 * 0 when it is done, 1 when it failed or is still waiting after `deadlineMs` on a request, job or
 * connection that hangs, so a deploy or scale-down never waits forever.
 */
export async function stopWithin(deadlineMs: number, stop: () => Promise<void>, logger: Logger): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs);
  });
  const stopped = stop().then(
    () => 'done' as const,
    (error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      return 'failed' as const;
    },
  );
  const outcome = await Promise.race([stopped, late]);
  clearTimeout(timer);
  if (outcome === 'late') logger.error(`still shutting down after ${deadlineMs / 1000} s (SHUTDOWN_TIMEOUT_SECONDS): exiting anyway`);
  return outcome === 'done' ? 0 : 1;
}

/** SIGTERM or SIGINT (once) runs `stop` within the deadline, then exits with its code. */
export function exitOnSignals(deadlineMs: number, stop: () => Promise<void>, logger: Logger, announce: string): void {
  let closing = false;
  const onSignal = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received: ${announce}`);
    void stopWithin(deadlineMs, stop, logger).then((code) => process.exit(code));
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}
