import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { extractLastFrame } from '../../render/media-operations.ts';
import { createOfflineVideoModel } from './offline-video-model.ts';
import { createVeoVideoModel } from './veo-video-model.ts';
import type { VideoModel } from './video-model.ts';

export type { VideoModel } from './video-model.ts';

export const OFFLINE_NOTICE = 'Offline mode: clips are rendered locally, not by Veo';

/** Veo when GEMINI_API_KEY is set; otherwise the offline renderer, which the UI labels as such. */
export function createVideoModel(config: Pick<Config, 'gemini'>, ffmpeg: FfmpegBinaries, logger: Logger): VideoModel {
  const { apiKey, baseUrl, veoModel } = config.gemini;
  if (!apiKey) return createOfflineVideoModel(ffmpeg);
  return createVeoVideoModel({
    apiKey,
    baseUrl,
    model: veoModel,
    extractLastFrame: (videoFile, pngFile) => extractLastFrame(ffmpeg, videoFile, pngFile),
    logger,
  });
}
