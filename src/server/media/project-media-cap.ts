import { MAX_PROJECT_MEDIA } from '../../shared/schemas/media.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { lockUserJobs } from '../jobs/user-job-limit.ts';
import { countLiveProjectMedia } from './media-assets-repository.ts';

const PROJECT_FULL_MESSAGE = `This project already holds ${MAX_PROJECT_MEDIA} clips, the most it can`;

/** A quick refusal before costly work (copying files); reserveMediaPlace decides. */
export async function refuseWhenProjectFull(db: Db, projectId: string): Promise<void> {
  if ((await countLiveProjectMedia(db, projectId)) >= MAX_PROJECT_MEDIA) throw new HttpError(409, PROJECT_FULL_MESSAGE);
}

/**
 * Inside the transaction that inserts a new asset of `projectId`: answers 409 when the project already holds
 * MAX_PROJECT_MEDIA live ones. A project's media are all its owner's, so the owner's row lock (the one the job
 * cap takes) makes simultaneous inserts count one after the other.
 */
export async function reserveMediaPlace(trx: Db, userId: string, projectId: string): Promise<void> {
  await lockUserJobs(trx, userId);
  await refuseWhenProjectFull(trx, projectId);
}
