import { ModelNotFoundError } from '../model-not-found.ts';
import { SpeechError } from './speech.ts';

/**
 * What the keyed speech adapters share: one time limit per call joined with the caller's signal, and the
 * plain sentences their failures become. No message quotes a provider's answer; the logs get that.
 */

export const DEFAULT_SPEECH_TIMEOUT_MS = 120_000;

export interface BoundedCall {
  signal: AbortSignal;
  /** Whether the call's own time limit (not the caller) stopped it. */
  timedOut(): boolean;
}

export function boundedCall(timeoutMs: number, callerSignal: AbortSignal | undefined): BoundedCall {
  const limit = AbortSignal.timeout(timeoutMs);
  return {
    signal: callerSignal ? AbortSignal.any([limit, callerSignal]) : limit,
    timedOut: () => limit.aborted && !callerSignal?.aborted,
  };
}

export type SpeechRole = 'speech' | 'transcription';

const SUBJECT: Record<SpeechRole, string> = { speech: 'The voice service', transcription: 'The transcription service' };

export function refused(role: SpeechRole): SpeechError {
  return role === 'speech'
    ? new SpeechError('The voice service refused to read this text. Please rephrase the script and try again.', 502)
    : new SpeechError('The transcription service refused to transcribe this audio.', 502);
}

export function unusableAnswer(role: SpeechRole): SpeechError {
  return new SpeechError(`${SUBJECT[role]} returned an answer we could not use. Please try again.`, 502);
}

export function busy(role: SpeechRole): SpeechError {
  return new SpeechError(`${SUBJECT[role]} is busy (its quota or rate limit was reached). Please try again in a minute.`, 429);
}

export function unreachable(role: SpeechRole): SpeechError {
  return new SpeechError(`${SUBJECT[role]} could not be reached or is down. Please try again later.`, 503);
}

export function tooSlow(role: SpeechRole): SpeechError {
  return new SpeechError(`${SUBJECT[role]} took too long to answer. Please try again.`, 504);
}

/**
 * The provider does not know the configured model: a 503 naming the model and the variable that sets it,
 * with the ModelNotFoundError (the provider's words, without secrets) as its cause for the catalog.
 */
export function unknownModel(role: SpeechRole, model: string, variable: string | undefined, providerMessage: string): SpeechError {
  const fix = variable ? ` Set ${variable} to a model ID it serves.` : '';
  const error = new SpeechError(`${SUBJECT[role]} is unavailable: the provider does not know the model "${model}".${fix}`, 503);
  error.cause = new ModelNotFoundError(model, providerMessage);
  return error;
}

export function credentialsRefused(role: SpeechRole): SpeechError {
  return new SpeechError(`${SUBJECT[role]} is unavailable: the provider refused the configured credentials.`, 503);
}

export function rejectedRequest(role: SpeechRole): SpeechError {
  return new SpeechError(`${SUBJECT[role]} rejected the request. Please try again.`, 502);
}

/** The caller's own abort leaves as the caller's reason, not as a provider failure. */
export function callerAbort(signal: AbortSignal | undefined): unknown {
  return signal?.aborted ? (signal.reason ?? new DOMException('The operation was aborted', 'AbortError')) : undefined;
}
