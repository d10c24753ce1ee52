import { ApiError, FinishReason, type GenerateContentResponse } from '@google/genai';
import { providerMessage } from '../google/google-errors.ts';
import type { SpeechError } from './speech.ts';
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

/** Whatever a Google speech call threw, as a SpeechError (or the caller's own abort reason, rethrown as is). */
export function googleSpeechFailure(
  error: unknown,
  context: { role: SpeechRole; model: string; variable: string; call: BoundedCall; callerSignal?: AbortSignal; redact: (text: string) => string },
): unknown {
  const { role, model, variable, call, redact } = context;
  const aborted = callerAbort(context.callerSignal);
  if (aborted) return aborted;
  if (call.timedOut()) return tooSlow(role);
  if (error instanceof ApiError) {
    const said = redact(providerMessage(error.message));
    if (error.status === 404) return unknownModel(role, model, variable, said);
    if (error.status === 429) return busy(role);
    if (error.status === 401 || error.status === 403 || /API key not valid|API_KEY_INVALID/i.test(said)) return credentialsRefused(role);
    if (error.status >= 500) return unreachable(role);
    return rejectedRequest(role);
  }
  const message = error instanceof Error ? error.message : '';
  // google-auth-library refuses Vertex credentials before any API call is made.
  if (/credential|invalid_grant|unauthori[sz]ed_client|invalid_client/i.test(message)) return credentialsRefused(role);
  return unreachable(role);
}

const REFUSAL_FINISHES: ReadonlySet<string> = new Set([
  FinishReason.SAFETY,
  FinishReason.PROHIBITED_CONTENT,
  FinishReason.BLOCKLIST,
  FinishReason.SPII,
  FinishReason.RECITATION,
]);

/** A blocked prompt or a safety finish in the answer, as the role's 502 refusal; else undefined. */
export function speechRefusal(response: GenerateContentResponse, role: SpeechRole): SpeechError | undefined {
  if (response.promptFeedback?.blockReason) return refused(role);
  const finish = response.candidates?.[0]?.finishReason;
  return finish && REFUSAL_FINISHES.has(finish) ? refused(role) : undefined;
}
