import { ApiError } from '@google/genai';
import { ModelNotFoundError } from '../model-not-found.ts';

/** The SDK puts the whole JSON error body in ApiError.message: `{"error":{"code","message","status"}}`. */
export function providerMessage(raw: string): string {
  try {
    const body = JSON.parse(raw) as { error?: { message?: unknown; status?: unknown } };
    const message = body.error?.message;
    if (typeof message === 'string' && message.trim() !== '') return message.trim();
    if (typeof body.error?.status === 'string') return body.error.status;
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
