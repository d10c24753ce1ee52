import type { Db } from '../db/database.ts';
import { lockRow } from '../db/row-lock.ts';
import { HttpError } from '../http/http-error.ts';
import type { JobOwner } from './queue.ts';

function tooManyJobsMessage(limit: number): string {
  return `You already have ${limit} videos being made or exported — wait for one to finish.`;
}

/**
 * The user's jobs queued or running, read from what they work on, so the count is the same whichever queue runs
 * them (decision 053): projects being generated, uploaded or extended; media being made by a job of their own
 * (shots, clips uploaded into a project, voice-overs); exports pending; caption jobs queued or running. A project's
 * own clip and an extension's new shot are 'generating' alongside their project, which already counts that job.
 * Music uploads are bounded apart, one per user (decision 035).
 */
async function countActiveJobs(db: Db, userId: string): Promise<number> {
  const [projects, media, exports, captions] = await Promise.all([
    db
      .selectFrom('videoProjects')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('userId', '=', userId)
      .where('status', '=', 'generating')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('mediaAssets')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('userId', '=', userId)
      .where('status', '=', 'generating')
      .where((eb) => eb('id', '!=', eb.ref('projectId')))
      .where('origin', '!=', 'extension')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('exportJobs')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('userId', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('captionJobs')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('userId', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow(),
  ]);
  return Number(projects.count) + Number(media.count) + Number(exports.count) + Number(captions.count);
}

/** Takes the user's row lock for the rest of the transaction, so two requests of one user that start jobs run one after the other. */
export async function lockUserJobs(trx: Db, userId: string): Promise<void> {
  await lockRow(trx, 'users', userId);
}

/**
 * Inside the transaction that records a new job's work: locks the user's jobs (lockUserJobs), then answers
 * 429 when the user already has `limit` queued or running. Returns the job's owner for Queue.enqueue.
 */
export async function reserveJobSlot(trx: Db, userId: string, limit: number): Promise<JobOwner> {
  await lockUserJobs(trx, userId);
  const activeJobs = await countActiveJobs(trx, userId);
  if (activeJobs >= limit) throw new HttpError(429, tooManyJobsMessage(limit));
  return { userId, activeJobs };
}
