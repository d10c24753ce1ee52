import type { Logger } from '../logger.ts';
import { JobStopped, jobCancelled, timeLimitReached } from './job-registry.ts';

export interface SupervisedRun {
  /** The job's signal: aborted at its time limit, on cancellation or at a shutdown that hands it back. */
  signal: AbortSignal;
  abort(reason: JobStopped): void;
  /** Why the signal was aborted, if it was. */
  stoppedBy(): JobStopped | undefined;
  /** Clears the timers; call when the run is over. */
  end(): void;
}

interface SuperviseOptions {
  timeLimitMs: number;
  heartbeatMs: number;
  /** Runs at every heartbeat; false means the job is no longer wanted (cancelled, or its project is gone). */
  heartbeat: () => Promise<boolean>;
  logger: Logger;
}

/**
 * Watches one run of a job, for both queues: aborts its signal when the time limit passes, and when a
 * heartbeat finds it cancelled, whichever process cancelled it.
 */
export function superviseRun({ timeLimitMs, heartbeatMs, heartbeat, logger }: SuperviseOptions): SupervisedRun {
  const controller = new AbortController();
  const abort = (reason: JobStopped) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const limit = setTimeout(() => {
    logger.warn({ timeLimitMs }, 'job ran past its time limit: aborting it');
    abort(timeLimitReached(timeLimitMs));
  }, timeLimitMs);
  let beating = false;
  const beat = setInterval(() => {
    if (beating || controller.signal.aborted) return;
    beating = true;
    heartbeat()
      .then((wanted) => {
        if (wanted) return;
        logger.info('job cancelled: aborting it');
        abort(jobCancelled());
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'job heartbeat failed'))
      .finally(() => (beating = false));
  }, heartbeatMs);
  return {
    signal: controller.signal,
    abort,
    stoppedBy: () => (controller.signal.reason instanceof JobStopped ? controller.signal.reason : undefined),
    end() {
      clearTimeout(limit);
      clearInterval(beat);
    },
  };
}
