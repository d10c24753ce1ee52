import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import {
  type BoundedCall,
  type SpeechRole,
  busy,
  callerAbort,
  credentialsRefused,
  refused,
  rejectedRequest,
  tooSlow,
  unknownModel,
  unreachable,
} from './speech-calls.ts';

export interface OpenAiSpeechClientOptions {
  apiKey: string;
  /** Points the SDK at another host (tests: the fake OpenAI server), e.g. `http://127.0.0.1:1234/v1`. */
  baseUrl?: string;
}

export function createOpenAiSpeechClient(options: OpenAiSpeechClientOptions): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    // null, not undefined: the SDK would otherwise read OPENAI_BASE_URL, OPENAI_ORG_ID… from the environment.
    baseURL: options.baseUrl ?? null,
    organization: null,
    project: null,
    // Each call carries its own signal and time limit; a retry would double both.
    maxRetries: 0,
  });
}

/** Error codes OpenAI uses when its safety system rejects an input. */
const POLICY_CODES = new Set(['content_policy_violation', 'moderation_blocked', 'content_filter']);

/** Whatever an OpenAI speech call threw, as a SpeechError (or the caller's own abort reason, rethrown as is). */
export function openAiSpeechFailure(
  error: unknown,
  context: { role: SpeechRole; model: string; variable?: string; call: BoundedCall; callerSignal?: AbortSignal; redact: (text: string) => string },
): unknown {
  const { role, model, variable, call, redact } = context;
  const aborted = callerAbort(context.callerSignal);
  if (aborted) return aborted;
  if (call.timedOut() || error instanceof APIConnectionTimeoutError) return tooSlow(role);
  if (error instanceof APIUserAbortError) return tooSlow(role);
  if (error instanceof APIError && error.status !== undefined) {
    if (error.status === 404) return unknownModel(role, model, variable, redact(error.message));
    if (error.status === 429) return busy(role);
    if (error.status === 401 || error.status === 403) return credentialsRefused(role);
    if (error.status >= 500) return unreachable(role);
    if (POLICY_CODES.has(error.code ?? '') || /safety system|content policy|moderation/i.test(error.message)) return refused(role);
    return rejectedRequest(role);
  }
  return unreachable(role);
}
