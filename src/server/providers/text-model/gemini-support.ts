import { ApiError, FinishReason, type GenerateContentResponse } from '@google/genai';
import { BUSY_MESSAGE } from './ai-errors.ts';
import { AiModelError } from './text-model.ts';

/**
 * What the Gemini text and image adapters share: turning SDK failures and refusals into
 * AiModelErrors a user can read, and reading an answer's parts. Messages never carry the API key.
 */

/** Whatever an SDK call threw, as an AiModelError with a message for people and the HTTP status to answer. */
export function geminiFailure(error: unknown): AiModelError {
  if (error instanceof AiModelError) return error;
  if (error instanceof ApiError) {
    if (error.status === 429) return new AiModelError(BUSY_MESSAGE, 429);
    if (error.status === 503) return new AiModelError(BUSY_MESSAGE, 502);
    return new AiModelError('The AI service could not answer right now. Please try again.', 502);
  }
  if (isTimeout(error)) return new AiModelError('The AI service took too long to answer. Please try again.', 502);
  return new AiModelError('The AI service could not be reached. Please try again.', 502);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

const SAFETY_FINISHES: ReadonlySet<string> = new Set([
  FinishReason.SAFETY,
  FinishReason.PROHIBITED_CONTENT,
  FinishReason.BLOCKLIST,
  FinishReason.SPII,
  FinishReason.IMAGE_SAFETY,
  FinishReason.IMAGE_PROHIBITED_CONTENT,
]);
const RECITATION_FINISHES: ReadonlySet<string> = new Set([FinishReason.RECITATION, FinishReason.IMAGE_RECITATION]);
const NO_IMAGE_FINISHES: ReadonlySet<string> = new Set([FinishReason.NO_IMAGE, FinishReason.IMAGE_OTHER]);

/** A refusal in the answer (blocked prompt, or a safety finish), as a 422 AiModelError; else undefined. */
export function refusalOf(response: GenerateContentResponse, service: 'text' | 'image'): AiModelError | undefined {
  const subject = service === 'image' ? 'The image model' : 'The AI';
  if (response.promptFeedback?.blockReason) {
    return new AiModelError(
      `${subject} declined this request because its safety filters flagged it. Please rephrase it and try again.`,
      422,
    );
  }
  const finish = response.candidates?.[0]?.finishReason;
  if (!finish) return undefined;
  if (SAFETY_FINISHES.has(finish)) {
    return new AiModelError(
      `${subject} stopped because its safety filters flagged the ${service === 'image' ? 'image' : 'answer'}. Please rephrase your request.`,
      422,
    );
  }
  if (RECITATION_FINISHES.has(finish)) {
    return new AiModelError(`${subject} could not answer without copying protected content. Please rephrase your request.`, 422);
  }
  if (service === 'image' && NO_IMAGE_FINISHES.has(finish)) {
    return new AiModelError('The image model could not make an image from this prompt. Try describing the picture differently.', 422);
  }
  return undefined;
}

/** The answer's text: the first candidate's text parts, without thoughts. */
export function answerText(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return parts
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('');
}
