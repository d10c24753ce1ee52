import { ApiError } from '@google/genai';
import OpenAI, { APIError } from 'openai';
import type { ProviderRole, ProviderState } from '../../../shared/schemas/admin.ts';
import type { Config } from '../../config.ts';
import { backendSecret, createGoogleClient } from '../google/google-backend.ts';
import { providerMessage } from '../google/google-errors.ts';
import { redactor } from '../text-model/ai-errors.ts';

interface ProbeAnswer {
  state: ProviderState;
  /** For the operator when the state is not 'answering'; never a key. */
  detail: string | null;
}

/** Asks a provider whether it knows a model (models.get); never throws. */
export type ModelProbe = (model: string) => Promise<ProbeAnswer>;

/** A catalog check must not hang on a provider that never answers. */
const PROBE_TIMEOUT_MS = 15_000;

/** The probe for each role that has a provider configured; roles without one run offline. */
export function createModelProbes(config: Pick<Config, 'google' | 'openai'>): Partial<Record<ProviderRole, ModelProbe>> {
  const probes: Partial<Record<ProviderRole, ModelProbe>> = {};
  if (config.google) {
    const client = createGoogleClient(config.google, { timeoutMs: PROBE_TIMEOUT_MS });
    const secret = backendSecret(config.google);
    const google: ModelProbe = (model) =>
      answerOf(() => client.models.get({ model }), (error) => (error instanceof ApiError ? error.status : undefined), secret);
    for (const role of ['video-generation', 'video-extension', 'text', 'image', 'speech', 'transcription'] as const) {
      probes[role] = google;
    }
  }
  if (config.openai.apiKey) {
    const client = new OpenAI({ apiKey: config.openai.apiKey, baseURL: config.openai.baseUrl, maxRetries: 0, timeout: PROBE_TIMEOUT_MS });
    probes['image-openai'] = (model) =>
      answerOf(() => client.models.retrieve(model), (error) => (error instanceof APIError ? error.status : undefined), config.openai.apiKey ?? '');
  }
  return probes;
}

async function answerOf(
  ask: () => Promise<unknown>,
  statusOf: (error: unknown) => number | undefined,
  secret: string,
): Promise<ProbeAnswer> {
  try {
    await ask();
    return { state: 'answering', detail: null };
  } catch (error) {
    const status = statusOf(error);
    const said = redactor(secret)(describe(error));
    if (status === 404) return { state: 'not-found', detail: said };
    // The Gemini API answers a bad key with 400 INVALID_ARGUMENT "API key not valid".
    if (status === 401 || status === 403 || (status === 400 && /API key not valid|API_KEY_INVALID/i.test(said))) {
      return { state: 'unauthorised', detail: said };
    }
    if (status === undefined && isCredentialsError(error)) return { state: 'unauthorised', detail: said };
    return { state: 'unreachable', detail: status === undefined ? `No answer: ${said}` : `HTTP ${status}: ${said}` };
  }
}

/** google-auth-library's "no credentials found" and refused refresh tokens come before any API call. */
function isCredentialsError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /credential|invalid_grant|unauthori[sz]ed_client|invalid_client/i.test(message);
}

/** The provider's own sentence (Google's JSON body, or OpenAI's message), with the network cause when there is one. */
function describe(error: unknown): string {
  const said = providerMessage(error instanceof Error ? error.message : String(error));
  return error instanceof Error && error.cause instanceof Error ? `${said} (${error.cause.message})` : said;
}
