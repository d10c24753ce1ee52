import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { extractLastFrame } from '../../render/media-operations.ts';
import type { SpeechSynthesizer } from '../speech/speech.ts';
import { isOmniModel } from './model-family.ts';
import { createOfflineVideoModel } from './offline-video-model.ts';
import { createOmniVideoModel } from './omni-video-model.ts';
import { createVeoVideoModel } from './veo-video-model.ts';
import type { VideoModel } from './video-model.ts';

export type { VideoModel } from './video-model.ts';

export const OFFLINE_NOTICE = 'Offline mode: clips are rendered locally, not by Veo';

/**
 * The role's configured model on the Google back-end — Gemini Omni Flash or Veo, by its ID — or, without a
 * back-end, the offline renderer, which the UI labels as such and which speaks quoted dialogue with `offlineVoice`.
 */
export function createVideoModel(
  config: Pick<Config, 'google' | 'googleModels'>,
  role: 'videoGeneration' | 'videoExtension',
  ffmpeg: FfmpegBinaries,
  logger: Logger,
  offlineVoice?: SpeechSynthesizer,
): VideoModel {
  if (!config.google) return createOfflineVideoModel(ffmpeg, { voice: offlineVoice });
  const options = {
    backend: config.google,
    model: config.googleModels[role],
    extractLastFrame: (videoFile: string, pngFile: string) => extractLastFrame(ffmpeg, videoFile, pngFile),
    logger,
  };
  return isOmniModel(options.model) ? createOmniVideoModel(options) : createVeoVideoModel(options);
}
