import { ApiError } from '@google/genai';
import { ModelNotFoundError } from '../model-not-found.ts';

/** Google's JSON error body `{ error: { message, status } }` → the message (or the status when there is none). */
export function googleErrorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const inner: unknown = body.error;
  if (typeof inner !== 'object' || inner === null) return undefined;
  if ('message' in inner && typeof inner.message === 'string' && inner.message.trim() !== '') return inner.message.trim();
  if ('status' in inner && typeof inner.status === 'string') return inner.status;
  return undefined;
}

/** The SDK puts the whole JSON error body in ApiError.message; any other text is kept, cut to 300 characters. */
export function providerMessage(raw: string): string {
  try {
    const message = googleErrorMessage(JSON.parse(raw));
    if (message) return message;
  } catch {
    // Not JSON: fall back to the raw text.
  }
  return raw.length > 300 ? `${raw.slice(0, 300)}…` : raw;
}

export function isNotFound(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}

/**
 * A 404 from a call that names the model (predictLongRunning, generateContent, models.get) means the provider
 * does not know that model: as a ModelNotFoundError with the provider's words, without the secret; else undefined.
 */
export function modelNotFound(error: unknown, model: string, redact: (text: string) => string): ModelNotFoundError | undefined {
  return isNotFound(error) ? new ModelNotFoundError(model, redact(providerMessage(error.message))) : undefined;
}
