import type { ImageModelName } from '../../../shared/schemas/ai.ts';
import type { Config } from '../../config.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import type { ProviderLogger } from '../text-model/ai-errors.ts';
import { createGeminiImageModel } from './gemini-image-model.ts';
import type { ImageModel } from './image-model.ts';
import { createOfflineImageModel } from './offline-image-model.ts';
import { createOpenAiImageModel } from './openai-image-model.ts';

export type { ImageModel } from './image-model.ts';

/**
 * One ImageModel per product model (SPEC §9): 'gemini-2.5-flash-image' is Gemini's configured image model
 * on the Google back-end when one is configured, the DALL·E 3 values are OpenAI's configured images model when OPENAI_API_KEY
 * is set (the adapter fits size and quality to its family); anything unconfigured renders offline.
 */
export function createImageModels(
  config: Pick<Config, 'google' | 'googleModels' | 'openai'>,
  binaries: FfmpegBinaries,
  logger?: ProviderLogger,
): Record<ImageModelName, ImageModel> {
  let offline: ImageModel | undefined;
  const offlineModel = () => (offline ??= createOfflineImageModel(binaries));
  const gemini = config.google
    ? createGeminiImageModel({ backend: config.google, model: config.googleModels.image, logger })
    : offlineModel();
  const openai = config.openai.apiKey
    ? createOpenAiImageModel({ apiKey: config.openai.apiKey, baseUrl: config.openai.baseUrl, model: config.openai.imageModel, logger })
    : offlineModel();
  return { 'gemini-2.5-flash-image': gemini, 'dall-e-3-standard': openai, 'dall-e-3-hd': openai };
}
