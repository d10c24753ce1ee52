import type { Db } from '../db/database.ts';
import type { VideoProjectRow } from '../db/schema.ts';
import { failExtensionIn } from '../generation/extend-video-job.ts';
import { failGenerationIn } from '../generation/fail-generation.ts';
import type { FeatureWork, JobRef } from '../jobs/job-work.ts';
import { uploadJobId } from '../media/process-upload-job.ts';
import { watermarkedVideoKey } from '../media/watermarked-video.ts';
import { listGeneratingProjects, listPendingExtensions } from './projects-repository.ts';

export function generationJobId(projectId: string): string {
  return `generate-video:${projectId}`;
}

/**
 * A project's own work: its first video being generated or uploaded, and an extension charged by a version that
 * baked it into the clip (an extension now is a shot, the media's work). A project 'generating' is one job of its
 * user's, whichever it is.
 */
export const projectWork: FeatureWork = {
  jobs: ['generate-video', 'process-upload', 'extend-video'],

  async countActive(db, userId) {
    const { count } = await db
      .selectFrom('videoProjects')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('userId', '=', userId)
      .where('status', '=', 'generating')
      .executeTakeFirstOrThrow();
    return Number(count);
  },

  async requeueUnfinished(db, queue, logger) {
    const firstVideos = await listGeneratingProjects(db);
    const generations = firstVideos.filter((project) => project.source !== 'upload');
    const uploads = firstVideos.filter((project) => project.source === 'upload');
    for (const { id: projectId } of generations) await queue.enqueue('generate-video', { projectId }, generationJobId(projectId));
    for (const { id: projectId } of uploads) await queue.enqueue('process-upload', { projectId }, uploadJobId(projectId));

    // An extension's shot is an asset of its own, queued again with the media's jobs. A project charged for an
    // extension by a version that baked it into the clip has no such asset: its job, queued again, fails it with a refund.
    const withExtensionShot = new Set((await projectsWithExtensionShot(db)).map((asset) => asset.projectId));
    let extensions = 0;
    for (const { id: projectId, extensionJobId } of await listPendingExtensions(db)) {
      if (withExtensionShot.has(projectId)) continue;
      if (extensionJobId === null) {
        // Charged before the extension's payload was recorded (2026-11-21T1300): its job id is unknown here.
        logger.warn({ projectId }, 'an extension under way has no recorded job; it is left to its queued job, if any');
        continue;
      }
      await queue.enqueue('extend-video', { projectId }, extensionJobId);
      extensions += 1;
    }
    return { generations: generations.length, uploads: uploads.length, extensions };
  },

  async projectWork(db, project) {
    const segments = await db.selectFrom('generationSegments').select('storageKey').where('projectId', '=', project.id).execute();
    const generating = project.status === 'generating';
    const jobs: JobRef[] = [
      ...(generating && project.source !== 'upload' ? [{ name: 'generate-video' as const, jobId: generationJobId(project.id) }] : []),
      ...(generating && project.source === 'upload' ? [{ name: 'process-upload' as const, jobId: uploadJobId(project.id) }] : []),
      // The same id as its shot's job (the media's), except an extension started before extensions were shots.
      ...(project.extensionJobId ? [{ name: 'extend-video' as const, jobId: project.extensionJobId }] : []),
    ];
    return {
      settle: (trx, reason, at) => refundUndelivered(trx, project, reason, at),
      jobs,
      keys: [project.videoKey, project.videoKey && watermarkedVideoKey(project.videoKey), project.thumbnailKey, ...segments.map((segment) => segment.storageKey)],
    };
  },
};

/**
 * What deleting a project mid-way gives back: a generation's whole charge (nothing was delivered), or the
 * running extension's (its shot; the clip made before it was delivered). The same conditional move out of 'generating' as a
 * failed job's, so a job finishing or failing at the same moment never leaves it charged or paid back twice.
 */
async function refundUndelivered(trx: Db, project: VideoProjectRow, reason: string, at: Date): Promise<void> {
  if (project.status !== 'generating') return;
  if (project.extensionJobId) await failExtensionIn(trx, project.id, reason, at);
  else if (project.source !== 'upload') await failGenerationIn(trx, project.id, reason, at);
}

function projectsWithExtensionShot(db: Db) {
  return db.selectFrom('mediaAssets').select('projectId').where('status', '=', 'generating').where('origin', '=', 'extension').execute();
}
