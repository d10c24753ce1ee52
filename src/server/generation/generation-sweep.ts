import type { Db } from '../db/database.ts';
import type { Queue } from '../jobs/index.ts';
import type { Logger } from '../logger.ts';
import { generationJobId } from '../projects/projects-service.ts';
import { listGeneratingProjectIds } from '../projects/projects-repository.ts';

/**
 * At start-up, makes sure every project still 'generating' has a job: one lost between the project's
 * commit and its enqueue (a crash) is queued again. Jobs that exist already are left as they are.
 */
export async function requeueUnfinishedGenerations(db: Db, queue: Queue, logger: Logger): Promise<number> {
  const ids = await listGeneratingProjectIds(db);
  for (const projectId of ids) await queue.enqueue('generate-video', { projectId }, generationJobId(projectId));
  if (ids.length > 0) logger.info({ count: ids.length }, 'generations resumed after restart');
  return ids.length;
}
