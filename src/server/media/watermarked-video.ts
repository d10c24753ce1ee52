import path from 'node:path';
import type { UserRow, VideoProjectRow } from '../db/schema.ts';
import type { Queue } from '../jobs/queue.ts';
import type { Storage, StoredObject } from '../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import type { MediaProbe } from '../render/probe-media.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { renderWatermarkedRendition } from '../render/watermarked-rendition.ts';

export const VIDEO_BEING_PREPARED = 'Your video is being prepared. Try again in a moment.';

/**
 * Where the free plan's copy of a master lives: beside it, named after it, so every version of the
 * master (an extension stores a new one) has its own and a copy can never outlive or mismatch its master.
 */
export function watermarkedVideoKey(videoKey: string): string {
  return `${videoKey.replace(/\.mp4$/, '')}-watermarked.mp4`;
}

/** Writes the free plan's copy of `inputFile` (whose probe the caller may have) to `outputFile` (Services.renderWatermark). */
export type WatermarkRenderer = (
  ffmpeg: FfmpegBinaries,
  files: { inputFile: string; outputFile: string; probe?: MediaProbe; signal?: AbortSignal },
) => Promise<unknown>;

/**
 * Renders the watermarked copy of `masterFile`, the local file of the master stored as `videoKey`, and
 * stores it beside the master. Every job that makes a master calls this before the project is ready
 * (generation, extension, upload processing), so a free user never waits and a plan change needs nothing.
 */
export async function storeWatermarkedVideo(
  { storage, ffmpeg, renderWatermark = renderWatermarkedRendition }: { storage: Storage; ffmpeg: FfmpegBinaries; renderWatermark?: WatermarkRenderer },
  masterFile: string,
  videoKey: string,
  options: { signal?: AbortSignal; probe?: MediaProbe } = {},
): Promise<string> {
  return withScratchDir('watermark', async (dir) => {
    const output = path.join(dir, 'watermarked.mp4');
    await renderWatermark(ffmpeg, { inputFile: masterFile, outputFile: output, probe: options.probe, signal: options.signal });
    const key = watermarkedVideoKey(videoKey);
    await storage.putFile(key, output, 'video/mp4');
    return key;
  });
}

/** `known`: the copy's stat, read to find it, so streaming it does not read it again. */
export type VideoToServe = { key: string; known?: StoredObject } | { preparing: true };

/**
 * Which file a project's (or one of its assets') owner streams: pro users the clean master, free users its watermarked copy.
 * A free user's copy that is not there (a project made before copies existed) is never replaced by the
 * master: a job is queued to make it (one per master version) and the caller answers that it is coming.
 */
export async function videoToServe(
  { storage, queue }: { storage: Storage; queue: Queue },
  user: Pick<UserRow, 'subscription'>,
  project: Pick<VideoProjectRow, 'id'> & { videoKey: string; mediaId?: string },
): Promise<VideoToServe> {
  if (user.subscription === 'pro') return { key: project.videoKey };
  const key = watermarkedVideoKey(project.videoKey);
  const known = await storage.stat(key);
  if (known) return { key, known };
  // The project's own clip (the asset with the project's id) is the project's master; another asset names itself.
  const payload = project.mediaId && project.mediaId !== project.id ? { projectId: project.id, mediaId: project.mediaId } : { projectId: project.id };
  await queue.enqueue('watermark-video', payload, `watermark-video:${key}`);
  return { preparing: true };
}
