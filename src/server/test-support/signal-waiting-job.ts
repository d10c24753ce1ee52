import type { JobDefinition, JobName, JobPayloads } from '../jobs/job-registry.ts';

export interface SignalWaitingJob<N extends JobName> {
  /** The job definition: `run` waits for its signal; `fail` and `stillWanted` are the real job's. */
  definition: JobDefinition<N>;
  /** Payloads of runs that started, in order. */
  readonly started: Array<JobPayloads[N]>;
  /** Why each stopped run's signal was aborted (a JobStopped: cancelled, time limit or shutdown), in order. */
  readonly stopped: unknown[];
  /**
   * Ends every waiting run as finished, and every later run at once: before the app closes, whose queue
   * otherwise gives running jobs a 10-second grace before it aborts them.
   */
  release(): void;
}

/**
 * A job that runs until its runner aborts it, for tests of cancellation, time limits and fairness that are
 * not about what the job renders: it does nothing, holds its slot, and ends only when its signal is aborted
 * (rejecting with the abort reason, as a killed ffmpeg would reject). What the job records on failure
 * (`fail`) and whether its work is still wanted (`stillWanted`) are the real job's, so the rows a test reads
 * are written as in production. One real export's ffmpeg is killed in job-cancellation.test.ts.
 */
export function signalWaitingJob<N extends JobName>(real: JobDefinition<N>): SignalWaitingJob<N> {
  const started: Array<JobPayloads[N]> = [];
  const stopped: unknown[] = [];
  const finishers = new Set<() => void>();
  let released = false;
  const definition: JobDefinition<N> = {
    ...real,
    run(payload, { signal }) {
      started.push(payload);
      return new Promise<void>((resolve, reject) => {
        const finish = () => {
          finishers.delete(finish);
          resolve();
        };
        const stop = () => {
          finishers.delete(finish);
          stopped.push(signal.reason);
          reject(signal.reason);
        };
        if (released) return resolve();
        if (signal.aborted) return stop();
        finishers.add(finish);
        signal.addEventListener('abort', stop, { once: true });
      });
    },
  };
  return {
    definition,
    started,
    stopped,
    release() {
      released = true;
      for (const finish of [...finishers]) finish();
    },
  };
}
