import type { ProviderCatalog as FullProviderCatalog, ProviderRole, ProviderState, ProviderStatus } from '../../../shared/schemas/admin.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { BACKEND_LABELS } from '../google/google-backend.ts';
import type { ModelNotFoundError } from '../model-not-found.ts';
import { type ModelProbe, createModelProbes } from './model-probes.ts';

/** Which variable chooses each role's model, and how the role is named for people. */
const ROLE_SETTINGS: Record<ProviderRole, { label: string; variable: string }> = {
  'video-generation': { label: 'Video generation', variable: 'VIDEO_MODEL' },
  'video-extension': { label: 'Video extension', variable: 'VIDEO_EXTEND_MODEL' },
  text: { label: 'Text', variable: 'GEMINI_TEXT_MODEL' },
  image: { label: 'Image (Gemini)', variable: 'GEMINI_IMAGE_MODEL' },
  'image-openai': { label: 'Image (OpenAI)', variable: 'OPENAI_IMAGE_MODEL' },
  speech: { label: 'Speech', variable: 'GEMINI_SPEECH_MODEL' },
  transcription: { label: 'Transcription', variable: 'GEMINI_TRANSCRIBE_MODEL' },
};

const OFFLINE = 'Offline engine';

/** What the catalog knows: the model roles; the admin route adds the speech engines (Services.speech). */
export type ProviderCatalog = Omit<FullProviderCatalog, 'speechEngines'>;

export interface ModelCatalog {
  /** The last check's result per role (states 'unchecked' before the first check finishes). */
  snapshot(): ProviderCatalog;
  /** Checks every role now; resolves with the new snapshot. Concurrent calls share one check. */
  checkNow(): Promise<ProviderCatalog>;
  /**
   * A job or request met a provider that no longer knows the role's model: the role shows "not found" at
   * once, and `log` (the job's or request's logger) gets the one line that names the variable to change.
   */
  reportNotFound(role: ProviderRole, error: ModelNotFoundError, log: Logger): void;
  /** Checks now and then every `checkEveryMs` until stop(). */
  start(): void;
  stop(): void;
}

interface RoleEntry {
  status: ProviderStatus;
  probe?: ModelProbe;
}

/**
 * The one line an operator gets when a job or request meets a model the provider does not know, naming
 * the variable to set (`backend` as the catalog names it, when there is one).
 */
export function logModelNotFound(log: Logger, role: ProviderRole, error: ModelNotFoundError, backend = 'The provider'): void {
  const { variable } = ROLE_SETTINGS[role];
  log.error(
    { role, model: error.model, variable, reason: error.providerMessage },
    operatorAdvice({ state: 'not-found', variable, model: error.model, backend }),
  );
}

/** The one line an operator needs when a role's model cannot be used, naming the variable to set. */
function operatorAdvice(status: Pick<ProviderStatus, 'state' | 'variable' | 'model' | 'backend'>): string {
  if (status.state === 'not-found') {
    return `${status.backend} does not know the model "${status.model}": set ${status.variable} to a model ID it serves (README, "Models").`;
  }
  if (status.state === 'unauthorised') {
    return `${status.backend} refused the credentials while checking "${status.model}" (${status.variable}): check the key or credentials for ${status.backend}.`;
  }
  return `${status.backend} could not be asked about "${status.model}" (${status.variable}).`;
}

/**
 * The operator's view of the AI models: for each role, the configured model and whether its provider
 * knows it. Checked at start-up and every PROVIDER_CHECK_SECONDS; /readyz stays about the app itself.
 */
export function createModelCatalog(
  config: Pick<Config, 'google' | 'googleModels' | 'openai' | 'providerCheckMs'>,
  logger: Logger,
  options: { now?: () => Date; probes?: Partial<Record<ProviderRole, ModelProbe>> } = {},
): ModelCatalog {
  const now = options.now ?? (() => new Date());
  const probes = { ...createModelProbes(config), ...options.probes };
  const google = config.google ? BACKEND_LABELS[config.google.kind] : undefined;
  const models: Record<ProviderRole, string> = {
    'video-generation': config.googleModels.videoGeneration,
    'video-extension': config.googleModels.videoExtension,
    text: config.googleModels.text,
    image: config.googleModels.image,
    'image-openai': config.openai.imageModel,
    speech: config.googleModels.speech,
    transcription: config.googleModels.transcription,
  };

  const entries = new Map<ProviderRole, RoleEntry>();
  for (const role of Object.keys(ROLE_SETTINGS) as ProviderRole[]) {
    const probe = probes[role];
    const backend = role === 'image-openai' ? (config.openai.apiKey ? 'OpenAI' : undefined) : google;
    entries.set(role, {
      probe,
      status: {
        role,
        roleLabel: ROLE_SETTINGS[role].label,
        variable: ROLE_SETTINGS[role].variable,
        model: probe && backend ? models[role] : 'offline',
        backend: probe && backend ? backend : OFFLINE,
        state: probe && backend ? 'unchecked' : 'offline',
        detail: null,
        checkedAt: null,
      },
    });
  }

  let running: Promise<ProviderCatalog> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function snapshot(): ProviderCatalog {
    return {
      providers: [...entries.values()].map((entry) => ({ ...entry.status })),
      checkEverySeconds: Math.round(config.providerCheckMs / 1000),
    };
  }

  /** Logs when the role newly cannot be used. */
  function record(entry: RoleEntry, state: ProviderState, detail: string | null): void {
    const previous = entry.status.state;
    entry.status = { ...entry.status, state, detail, checkedAt: now().toISOString() };
    if (state === previous || (state !== 'not-found' && state !== 'unauthorised')) return;
    logger.error(
      { role: entry.status.role, model: entry.status.model, variable: entry.status.variable, reason: detail },
      operatorAdvice(entry.status),
    );
  }

  async function checkAll(): Promise<ProviderCatalog> {
    // One question per distinct model: several roles often share one (text and transcription).
    const answers = new Map<string, ReturnType<ModelProbe>>();
    await Promise.all(
      [...entries.values()].map(async (entry) => {
        if (!entry.probe || entry.status.state === 'offline') {
          entry.status = { ...entry.status, checkedAt: now().toISOString() };
          return;
        }
        const key = `${entry.status.backend}\n${entry.status.model}`;
        let answer = answers.get(key);
        if (!answer) {
          answer = entry.probe(entry.status.model);
          answers.set(key, answer);
        }
        const { state, detail } = await answer;
        record(entry, state, detail);
      }),
    );
    return snapshot();
  }

  return {
    snapshot,
    checkNow() {
      running ??= checkAll().finally(() => {
        running = undefined;
      });
      return running;
    },
    reportNotFound(role, error, log) {
      const entry = entries.get(role);
      if (entry && entry.status.state !== 'offline') {
        entry.status = { ...entry.status, state: 'not-found', detail: error.providerMessage, checkedAt: now().toISOString() };
      }
      logModelNotFound(log, role, error, entry?.status.state === 'offline' ? undefined : entry?.status.backend);
    },
    start() {
      if (timer) return;
      const check = () => {
        this.checkNow().catch((error: unknown) => logger.error({ err: error }, 'provider catalog check failed'));
      };
      check();
      timer = setInterval(check, config.providerCheckMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
