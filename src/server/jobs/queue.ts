import type { JobDefinitions, JobName, JobPayloads } from './job-registry.ts';

/**
 * The Queue port. Enqueueing with the same `jobId` twice keeps one job, so callers can re-enqueue
 * safely (e.g. the start-up sweep for projects left generating).
 */
export interface Queue {
  readonly kind: 'database' | 'bullmq';
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], jobId: string): Promise<void>;
  /** Starts running jobs in this process. */
  start(definitions: JobDefinitions): void;
  /** Stops taking jobs; lets running ones finish (up to `graceMs`), then hands the rest back. */
  stop(graceMs?: number): Promise<void>;
  check(): Promise<void>;
}
