// PLACEHOLDER (issue 15, admin branch): the lead's model-catalog.ts replaces this whole file. It exists only
// so the Providers routes and panel compile and run; it reports every role as done by the offline engine
// and never asks a provider anything.
import { PROVIDER_ROLES, type ProviderCatalog, type ProviderRole, type ProviderStatus } from '../../../shared/schemas/admin.ts';
import type { Config } from '../../config.ts';

export interface ModelCatalog {
  /** The last check's result per role (states 'unchecked' before the first check finishes). */
  snapshot(): ProviderCatalog;
  /** Checks every role now; resolves with the new snapshot. Concurrent calls share one check. */
  checkNow(): Promise<ProviderCatalog>;
}

const ROLE_LABELS: Record<ProviderRole, { roleLabel: string; variable: string }> = {
  'video-generation': { roleLabel: 'Video generation', variable: 'VIDEO_MODEL' },
  'video-extension': { roleLabel: 'Video extension', variable: 'VIDEO_EXTEND_MODEL' },
  text: { roleLabel: 'Text', variable: 'GEMINI_TEXT_MODEL' },
  image: { roleLabel: 'Image (Gemini)', variable: 'GEMINI_IMAGE_MODEL' },
  'image-openai': { roleLabel: 'Image (OpenAI)', variable: 'OPENAI_IMAGE_MODEL' },
  speech: { roleLabel: 'Speech', variable: 'GEMINI_SPEECH_MODEL' },
  transcription: { roleLabel: 'Transcription', variable: 'GEMINI_TRANSCRIBE_MODEL' },
};

/** PLACEHOLDER: offline rows for every role; one "check" runs at creation and finishes at once. */
export function createModelCatalog(config: Pick<Config, 'providerCheckMs'>): ModelCatalog {
  const rows = (state: ProviderStatus['state'], checkedAt: string | null): ProviderCatalog => ({
    providers: PROVIDER_ROLES.map((role) => ({ role, ...ROLE_LABELS[role], model: 'offline', backend: 'Offline engine', state, detail: null, checkedAt })),
    checkEverySeconds: Math.round(config.providerCheckMs / 1000),
  });
  let current = rows('unchecked', null);
  const checkNow = async (): Promise<ProviderCatalog> => {
    current = rows('offline', new Date().toISOString());
    return current;
  };
  void checkNow();
  return { snapshot: () => current, checkNow };
}
