import type { Config } from '../../config.ts';
import type { ProviderLogger } from './ai-errors.ts';
import { createGeminiTextModel } from './gemini-text-model.ts';
import { createOfflineTextModel } from './offline-text-model.ts';
import type { TextModel } from './text-model.ts';

export type { TextModel } from './text-model.ts';

/** Gemini on the configured Google back-end; without one, the offline engine, which answers from templates and rules. */
export function createTextModel(config: Pick<Config, 'google' | 'googleModels'>, logger?: ProviderLogger): TextModel {
  if (!config.google) return createOfflineTextModel();
  return createGeminiTextModel({ backend: config.google, model: config.googleModels.text, logger });
}
