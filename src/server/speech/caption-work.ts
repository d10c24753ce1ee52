import type { FeatureWork } from '../jobs/job-work.ts';
import { listUnfinishedCaptionJobIds } from './caption-jobs-repository.ts';
import { captionsJobId, failCaptionJobIn } from './make-captions-job.ts';

/** Caption jobs queued or running (a script timed in, or a transcription of, a project's sound). */
export const captionWork: FeatureWork = {
  jobs: ['make-captions'],

  async countActive(db, userId) {
    const { count } = await db
      .selectFrom('captionJobs')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('userId', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    return Number(count);
  },

  async requeueUnfinished(db, queue) {
    const ids = await listUnfinishedCaptionJobIds(db);
    for (const captionJobId of ids) await queue.enqueue('make-captions', { captionJobId }, captionsJobId(captionJobId));
    return { captions: ids.length };
  },

  async projectWork(db, project) {
    const ids = await listUnfinishedCaptionJobIds(db, project.id);
    return {
      settle: async (trx, reason, at) => {
        for (const id of ids) await failCaptionJobIn(trx, id, reason, at);
      },
      jobs: ids.map((id) => ({ name: 'make-captions' as const, jobId: captionsJobId(id) })),
      keys: [],
    };
  },
};
