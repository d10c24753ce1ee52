import type { JobDefinitions, JobName, JobPayloads } from './job-registry.ts';

/** Who a job works for: within a kind, runners take turns between users instead of first come, first served. */
export interface JobOwner {
  userId: string;
  /** The user's jobs already queued or running (work/job-cap.ts); BullMQ ranks the job by it. */
  activeJobs: number;
}

/**
 * The Queue port. Enqueueing with the same `jobId` twice keeps one job, so callers can re-enqueue
 * safely (e.g. the start-up sweep for projects left generating).
 */
export interface Queue {
  readonly kind: 'database' | 'bullmq';
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], jobId: string, owner?: JobOwner): Promise<void>;
  /**
   * Drops the jobs that wait and aborts those that run: at once in this process, and within a heartbeat in
   * any other (there the job's `stillWanted` says no, or the queue marked it cancelled). Unknown ids are ignored.
   */
  cancel(jobs: Array<{ name: JobName; jobId: string }>): Promise<void>;
  /** Starts running jobs in this process. */
  start(definitions: JobDefinitions): void;
  /** Stops taking jobs; lets running ones finish (up to `graceMs`), then hands the rest back. */
  stop(graceMs?: number): Promise<void>;
  check(): Promise<void>;
}
