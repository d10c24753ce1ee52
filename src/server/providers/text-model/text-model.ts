import type { Suggestion, VideoContext } from '../../../shared/schemas/ai.ts';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** The TextModel port: every AI text feature. Answers are validated before they reach a user. */
export interface TextModel {
  /** 'offline' answers from templates and rules; 'gemini' calls the Gemini API. */
  readonly kind: 'offline' | 'gemini';
  /** A vivid, ready-to-use video prompt. */
  inspirePrompt(): Promise<string>;
  /** The assistant's reply; may contain a numbered list with **bold** titles. */
  assistantReply(message: string, context: VideoContext, history?: ChatTurn[]): Promise<string>;
  /** 3–5 concrete suggestions, each of a type auto-apply can carry out. */
  suggestImprovements(context: VideoContext): Promise<Suggestion[]>;
}

/** A failure a user can read; `status` is the HTTP status the API answers with (e.g. 429, 502, 503). */
export class AiModelError extends Error {
  override name = 'AiModelError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
