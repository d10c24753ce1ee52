import path from 'node:path';
import type { Db } from '../db/database.ts';
import type { JobContext, JobDefinition, JobPayloads } from '../jobs/job-registry.ts';
import { findProject } from '../projects/projects-repository.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { findMediaAsset } from './media-assets-repository.ts';
import { type WatermarkRenderer, storeWatermarkedVideo, watermarkedVideoKey } from './watermarked-video.ts';

/**
 * Makes the watermarked copy of a project's current master (or an asset's) when it has none: the backfill for projects
 * made before copies existed, queued when their free owner first asks for the video. Idempotent: a copy
 * already stored is left alone, and a copy of a master that was replaced or deleted meanwhile is removed.
 */
export function createWatermarkVideoJob(deps: { db: Db; storage: Storage; ffmpeg: FfmpegBinaries; renderWatermark?: WatermarkRenderer }): JobDefinition<'watermark-video'> {
  const { db, storage } = deps;

  /** The master the copy is of: an asset's, or the project's own clip. */
  async function masterKey({ projectId, mediaId }: JobPayloads['watermark-video']): Promise<string | null | undefined> {
    return mediaId ? (await findMediaAsset(db, mediaId))?.fileKey : (await findProject(db, projectId))?.videoKey;
  }

  async function run(payload: JobPayloads['watermark-video'], context: JobContext) {
    const videoKey = await masterKey(payload);
    if (!videoKey) return;
    const key = watermarkedVideoKey(videoKey);
    if ((await storage.stat(key)) || !(await storage.stat(videoKey))) return;
    await withScratchDir('watermark-master', async (dir) => {
      const master = path.join(dir, 'master.mp4');
      await storage.downloadToFile(videoKey, master);
      await storeWatermarkedVideo(deps, master, videoKey, { signal: context.signal });
    });
    if ((await masterKey(payload)) !== videoKey) await storage.delete([key]);
    else context.logger.info('watermarked copy made');
  }

  return {
    run,
    // Nothing to record on the project: its free owner keeps hearing that the video is being prepared,
    // and the queue has logged why the copy could not be made.
    async fail() {},
    async stillWanted(payload) {
      return Boolean(await masterKey(payload));
    },
  };
}
