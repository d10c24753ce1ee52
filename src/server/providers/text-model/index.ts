import type { Config } from '../../config.ts';
import type { ProviderLogger } from './ai-errors.ts';
import { createGeminiTextModel } from './gemini-text-model.ts';
import { createOfflineTextModel } from './offline-text-model.ts';
import type { TextModel } from './text-model.ts';

export type { TextModel } from './text-model.ts';

/** Gemini when GEMINI_API_KEY is set; otherwise the offline engine, which answers from templates and rules. */
export function createTextModel(config: Pick<Config, 'gemini'>, logger?: ProviderLogger): TextModel {
  const { apiKey, baseUrl, textModel } = config.gemini;
  if (!apiKey) return createOfflineTextModel();
  return createGeminiTextModel({ apiKey, baseUrl, model: textModel, logger });
}
