import type { Db } from '../db/database.ts';
import type { VideoProjectRow } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { JobName } from './job-registry.ts';
import type { Queue } from './queue.ts';

export type JobRef = { name: JobName; jobId: string };

/** One feature's work in a project, read before the project is deleted. */
interface ProjectWork {
  /** Runs in the deletion's transaction: fails what is still being made, giving back what it cost. */
  settle(trx: Db, reason: string, at: Date): Promise<void>;
  /** Its jobs queued or running, cancelled once the project is gone. */
  jobs: JobRef[];
  /** Its stored files, deleted with the project. */
  keys: Array<string | null | undefined>;
}

/**
 * What one feature that queues work declares, once, about the rows its jobs work on (the work registry,
 * work/feature-work.ts): the job kinds it owns, how many of a user's jobs are active (the per-user cap), how to
 * queue again what a restart lost (the start-up sweep; each count is named for the sweep's log line), and what a
 * project holds of it (project deletion). A kind with no part of one of these leaves it out.
 */
export interface FeatureWork {
  readonly jobs: readonly JobName[];
  countActive?(db: Db, userId: string): Promise<number>;
  requeueUnfinished?(db: Db, queue: Queue, logger: Logger): Promise<Record<string, number>>;
  projectWork?(db: Db, project: VideoProjectRow): Promise<ProjectWork>;
}
