import path from 'node:path';
import type { Db } from '../db/database.ts';
import type { JobContext, JobDefinition } from '../jobs/job-registry.ts';
import { findProject } from '../projects/projects-repository.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { type WatermarkRenderer, storeWatermarkedVideo, watermarkedVideoKey } from './watermarked-video.ts';

/**
 * Makes the watermarked copy of a project's current master when it has none: the backfill for projects
 * made before copies existed, queued when their free owner first asks for the video. Idempotent: a copy
 * already stored is left alone, and a copy of a master that was replaced or deleted meanwhile is removed.
 */
export function createWatermarkVideoJob(deps: { db: Db; storage: Storage; ffmpeg: FfmpegBinaries; renderWatermark?: WatermarkRenderer }): JobDefinition<'watermark-video'> {
  const { db, storage } = deps;

  async function run({ projectId }: { projectId: string }, context: JobContext) {
    const project = await findProject(db, projectId);
    const videoKey = project?.videoKey;
    if (!videoKey) return;
    const key = watermarkedVideoKey(videoKey);
    if ((await storage.stat(key)) || !(await storage.stat(videoKey))) return;
    await withScratchDir('watermark-master', async (dir) => {
      const master = path.join(dir, 'master.mp4');
      await storage.downloadToFile(videoKey, master);
      await storeWatermarkedVideo(deps, master, videoKey, { signal: context.signal });
    });
    if ((await findProject(db, projectId))?.videoKey !== videoKey) await storage.delete([key]);
    else context.logger.info('watermarked copy made');
  }

  return {
    run,
    // Nothing to record on the project: its free owner keeps hearing that the video is being prepared,
    // and the queue has logged why the copy could not be made.
    async fail() {},
    async stillWanted({ projectId }) {
      return (await findProject(db, projectId)) !== undefined;
    },
  };
}
