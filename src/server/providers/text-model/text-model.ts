import type { Suggestion, VideoContext } from '../../../shared/schemas/ai.ts';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** What a voice-over script is drafted from: the project, its shots in play order and the output's length. */
export interface ScriptContext {
  title: string;
  /** The project's prompt. */
  prompt: string;
  /** Each shot's prompt ('' for an upload) and its seconds on the output, in play order. */
  shots: Array<{ prompt: string; seconds: number }>;
  /** The output's length in seconds: the script is sized to be spoken within it (`scriptWordLimit`). */
  seconds: number;
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
  /** A voice-over script about the video, plain sentences the voices can say, at most `scriptWordLimit(context.seconds)` words. */
  draftVoiceoverScript(context: ScriptContext): Promise<string>;
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
