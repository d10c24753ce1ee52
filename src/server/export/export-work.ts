import type { FeatureWork } from '../jobs/job-work.ts';
import { exportJobId, listActiveProjectExportIds, listPendingExports, listProjectExportKeys } from './export-jobs-repository.ts';
import { exportJobRefs, exportLane } from './export-lane.ts';

/** Exports pending, in the lane their output's length gives them (export-lane.ts). Exports cost nothing to refund. */
export const exportWork: FeatureWork = {
  jobs: ['export-video', 'export-long-video'],

  async countActive(db, userId) {
    const { count } = await db
      .selectFrom('exportJobs')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('userId', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(count);
  },

  // One left in a queue that no longer runs (the single BullMQ queue before one per kind) runs again.
  async requeueUnfinished(db, queue) {
    const exports = await listPendingExports(db);
    for (const job of exports) await queue.enqueue(exportLane(job), { exportJobId: job.id }, exportJobId(job.id));
    return { exports: exports.length };
  },

  async projectWork(db, project) {
    const [keys, pending] = await Promise.all([listProjectExportKeys(db, project.id), listActiveProjectExportIds(db, project.id)]);
    return { settle: async () => {}, jobs: pending.flatMap((id) => exportJobRefs(exportJobId(id))), keys };
  },
};
