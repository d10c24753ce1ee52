import { offlineAssistantReply } from './offline-assistant.ts';
import { offlineSuggestions } from './offline-suggestions.ts';
import { offlineVoiceoverScript } from './offline-voiceover-script.ts';
import { composePrompt } from './prompt-grammar.ts';
import type { TextModel } from './text-model.ts';

export interface OfflineTextModelOptions {
  /** Source of randomness in [0, 1); a seeded one makes every answer reproducible. Default Math.random. */
  random?: () => number;
}

/**
 * The TextModel used without an API key (DESIGN §5, Offline engines): prompts from a large grammar,
 * assistant replies, suggestions and voice-over scripts from rules and templates over the video's context.
 */
export function createOfflineTextModel(options: OfflineTextModelOptions = {}): TextModel {
  const random = options.random ?? Math.random;
  return {
    kind: 'offline',
    async inspirePrompt() {
      return composePrompt(random);
    },
    async assistantReply(message, context, history = []) {
      return offlineAssistantReply(message, context, history, random);
    },
    async suggestImprovements(context) {
      return offlineSuggestions(context, random);
    },
    async draftVoiceoverScript(context) {
      return offlineVoiceoverScript(context, random);
    },
  };
}
