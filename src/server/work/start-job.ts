import type { Db } from '../db/database.ts';
import type { JobName, JobPayloads } from '../jobs/job-registry.ts';
import type { Queue } from '../jobs/queue.ts';
import { lockUserJobs } from '../jobs/user-job-limit.ts';
import type { Logger } from '../logger.ts';
import { reserveJobSlot } from './job-cap.ts';

/** A job to queue: its kind, its payload (of that kind) and the fixed id the restart sweep queues it again under. */
type JobRequest = { [N in JobName]: { name: N; payload: JobPayloads[N]; jobId: string } }[JobName];

export interface JobStart<T> {
  userId: string;
  /** The user's cap on jobs queued or running (MAX_ACTIVE_JOBS_PER_USER). */
  limit: number;
  /**
   * Asked first, under the user's lock: work already under way that answers this request (an identical export),
   * returned as it is, with no job started and no slot taken.
   */
  existing?(trx: Db): Promise<T | undefined>;
  /** Charges for the work and records it (its rows say it is under way), in the transaction that took the slot. */
  record(trx: Db): Promise<T>;
  /** Called when that transaction fails (the cap, credits, a conflict), before the error goes on. */
  refused?(error: unknown): Promise<unknown>;
  job(recorded: T): JobRequest;
  /** When the queue cannot take the job: what is logged, what undoes the recorded work (a refund), and the answer. */
  unqueued?: { log: string; fields: object; undo(): Promise<unknown>; answer: Error };
}

/**
 * The one way a request starts a job: in one transaction, the user's slot under the cap (reserveJobSlot), then the
 * charge and the rows of the work (`record`), so the balance and the count are exact under simultaneous requests;
 * then the job is queued, and when it cannot be, the recorded work is failed and refunded at once. What a restart
 * finds recorded but never queued, its sweep queues (work/feature-work.ts).
 */
export async function startJob<T>({ db, queue, logger }: { db: Db; queue: Queue; logger?: Logger }, start: JobStart<T>): Promise<T> {
  const started = await db
    .transaction()
    .execute(async (trx) => {
      if (start.existing) {
        // A simultaneous identical request waits here for this transaction, then finds this one's work.
        await lockUserJobs(trx, start.userId);
        const existing = await start.existing(trx);
        if (existing !== undefined) return { recorded: existing, owner: undefined };
      }
      const owner = await reserveJobSlot(trx, start.userId, start.limit);
      return { recorded: await start.record(trx), owner };
    })
    .catch(async (error: unknown) => {
      await start.refused?.(error);
      throw error;
    });
  if (!started.owner) return started.recorded;
  const job = start.job(started.recorded);
  try {
    await queue.enqueue(job.name, job.payload, job.jobId, started.owner);
  } catch (error) {
    if (!start.unqueued) throw error;
    logger?.error({ err: error, ...start.unqueued.fields }, start.unqueued.log);
    await start.unqueued.undo();
    throw start.unqueued.answer;
  }
  return started.recorded;
}
