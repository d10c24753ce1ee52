import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { extractLastFrame } from '../../render/media-operations.ts';
import { createOfflineVideoModel } from './offline-video-model.ts';
import { createVeoVideoModel } from './veo-video-model.ts';
import type { VideoModel } from './video-model.ts';

export type { VideoModel } from './video-model.ts';

export const OFFLINE_NOTICE = 'Offline mode: clips are rendered locally, not by Veo';

/** The configured generation model on the Google back-end; without one, the offline renderer, which the UI labels as such. */
export function createVideoModel(
  config: Pick<Config, 'google' | 'googleModels'>,
  role: 'videoGeneration' | 'videoExtension',
  ffmpeg: FfmpegBinaries,
  logger: Logger,
): VideoModel {
  if (!config.google) return createOfflineVideoModel(ffmpeg);
  return createVeoVideoModel({
    backend: config.google,
    model: config.googleModels[role],
    extractLastFrame: (videoFile, pngFile) => extractLastFrame(ffmpeg, videoFile, pngFile),
    logger,
  });
}
