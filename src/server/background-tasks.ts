import type { Logger } from './logger.ts';

/**
 * Work that finishes after its response was sent (e.g. a reset e-mail, whose timing must not show in
 * the answer). Failures are logged; `drain` lets shutdown wait for what is still running.
 */
export function createBackgroundTasks(logger: Logger) {
  const running = new Set<Promise<void>>();
  return {
    run(description: string, work: () => Promise<void>): void {
      const task = work()
        .catch((error: unknown) => logger.error({ err: error }, `${description} failed`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async drain(): Promise<void> {
      await Promise.all(running);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
