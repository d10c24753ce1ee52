import type { Db } from '../db/database.ts';
import { exportJobId, listPendingExports } from '../export/export-jobs-repository.ts';
import { exportLane } from '../export/export-lane.ts';
import type { Queue } from '../jobs/index.ts';
import type { Logger } from '../logger.ts';
import { queueAssetJob } from '../media/asset-jobs.ts';
import { listGeneratingAssets } from '../media/media-assets-repository.ts';
import { uploadJobId } from '../media/process-upload-job.ts';
import { listProcessingTrackIds } from '../music/music-repository.ts';
import { musicUploadJobId } from '../music/process-music-upload-job.ts';
import { generationJobId } from '../projects/project-work.ts';
import { listGeneratingProjects, listPendingExtensions } from '../projects/projects-repository.ts';
import { listUnfinishedCaptionJobIds } from '../speech/caption-jobs-repository.ts';
import { captionsJobId } from '../speech/make-captions-job.ts';

/**
 * At start-up, makes sure every project still 'generating', every pending export, every music track being
 * processed, every asset being generated or processed and every caption job queued or running has a job: a first
 * generation, an upload being processed, an extension's shot, an export, a music upload, a shot, a voice-over or
 * captions lost between its commit and its enqueue (a crash), or lost from Redis, is queued again with the id it was
 * given, so jobs that exist already are left as they are (a run a crashed process left is taken again when its lease
 * runs out). Returns how many were (re)queued.
 */
export async function requeueUnfinishedGenerations(db: Db, queue: Queue, logger: Logger): Promise<number> {
  const firstVideos = await listGeneratingProjects(db);
  const generations = firstVideos.filter((project) => project.source !== 'upload');
  const uploads = firstVideos.filter((project) => project.source === 'upload');
  for (const { id: projectId } of generations) await queue.enqueue('generate-video', { projectId }, generationJobId(projectId));
  for (const { id: projectId } of uploads) await queue.enqueue('process-upload', { projectId }, uploadJobId(projectId));

  // An extension's shot is an asset of its own, queued again below with the other assets' jobs. A project charged for an
  // extension by a version that baked it into the clip has no such asset: its job, queued again, fails it with a refund.
  const shots = await listGeneratingAssets(db);
  const withExtensionShot = new Set(shots.filter((asset) => asset.origin === 'extension').map((asset) => asset.projectId));
  let earlierExtensions = 0;
  for (const { id: projectId, extensionJobId } of await listPendingExtensions(db)) {
    if (withExtensionShot.has(projectId)) continue;
    if (extensionJobId === null) {
      // Charged before the extension's payload was recorded (2026-11-21T1300): its job id is unknown here.
      logger.warn({ projectId }, 'an extension under way has no recorded job; it is left to its queued job, if any');
      continue;
    }
    await queue.enqueue('extend-video', { projectId }, extensionJobId);
    earlierExtensions += 1;
  }

  // Exports too: one left in a queue that no longer runs (the single BullMQ queue before one per kind) runs again.
  const exports = await listPendingExports(db);
  for (const job of exports) await queue.enqueue(exportLane(job), { exportJobId: job.id }, exportJobId(job.id));

  const musicTracks = await listProcessingTrackIds(db);
  for (const trackId of musicTracks) await queue.enqueue('process-music-upload', { trackId }, musicUploadJobId(trackId));

  for (const asset of shots) await queueAssetJob(queue, asset);
  const voiceovers = shots.filter((asset) => asset.origin === 'voice').length;

  const captions = await listUnfinishedCaptionJobIds(db);
  for (const captionJobId of captions) await queue.enqueue('make-captions', { captionJobId }, captionsJobId(captionJobId));

  const count = firstVideos.length + earlierExtensions + exports.length + musicTracks.length + shots.length + captions.length;
  if (count > 0) {
    logger.info(
      {
        generations: generations.length,
        uploads: uploads.length,
        extensions: withExtensionShot.size + earlierExtensions,
        exports: exports.length,
        musicTracks: musicTracks.length,
        shots: shots.length - withExtensionShot.size - voiceovers,
        voiceovers,
        captions: captions.length,
      },
      'generations resumed after restart',
    );
  }
  return count;
}
