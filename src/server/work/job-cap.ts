import type { Db } from '../db/database.ts';
import type { JobOwner } from '../jobs/queue.ts';
import { lockUserJobs } from '../jobs/user-job-limit.ts';
import { featureWork } from './feature-work.ts';

/** A user already has as many jobs queued or running as they may; the HTTP edge answers 429 with the message. */
export class TooManyJobsError extends Error {
  override name = 'TooManyJobsError';
  constructor(readonly limit: number) {
    super(`You already have ${limit} videos being made or exported — wait for one to finish.`);
  }
}

/**
 * The user's jobs queued or running, read from the rows they work on, so the count is the same whichever queue runs
 * them (decision 053): the sum of every registered feature's count (work/feature-work.ts).
 */
async function countActiveJobs(db: Db, userId: string): Promise<number> {
  const counts = await Promise.all(featureWork.map((work) => work.countActive?.(db, userId) ?? 0));
  return counts.reduce((sum, count) => sum + count, 0);
}

/**
 * Inside the transaction that records a new job's work: locks the user's jobs (lockUserJobs), then refuses
 * (TooManyJobsError) when the user already has `limit` queued or running. Returns the job's owner for Queue.enqueue.
 */
export async function reserveJobSlot(trx: Db, userId: string, limit: number): Promise<JobOwner> {
  await lockUserJobs(trx, userId);
  const activeJobs = await countActiveJobs(trx, userId);
  if (activeJobs >= limit) throw new TooManyJobsError(limit);
  return { userId, activeJobs };
}
