import type { TimedWord } from '../../../shared/speech/timed-word.ts';

export type { TimedWord } from '../../../shared/speech/timed-word.ts';

/** Which engine does a speech role: the Debian packages, the one inside an npm package, or a keyed service. */
export type SpeechEngineName = 'festival' | 'flite' | 'pocketsphinx' | 'npm' | 'gemini' | 'openai';

export interface Voice {
  /** Stable across restarts: `engine:name`, e.g. `festival:slt`, `openai:alloy`. */
  id: string;
  /** For people: "Sarah (offline)", "Alloy". */
  name: string;
  engine: SpeechEngineName;
  /** BCP 47, e.g. "en-US". */
  language: string;
}

export interface SynthesisRequest {
  /** The script as the creator wrote it; `words` in the result are its `scriptWords`, in order. */
  text: string;
  voiceId: string;
  /** Where the speech is written: WAV, 16-bit PCM, mono, at the engine's own rate. */
  outputFile: string;
  signal?: AbortSignal;
}

export interface SynthesisResult {
  /** Every one of the script's words (`scriptWords(text)`), in order, in seconds into `outputFile`. */
  words: TimedWord[];
  durationSeconds: number;
}

/** Text + voice → speech, and where each word of the text is spoken in it. */
export interface SpeechSynthesizer {
  readonly engine: SpeechEngineName;
  voices(): readonly Voice[];
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
}

export interface AlignmentRequest {
  /** Any audio ffmpeg reads. */
  audioFile: string;
  /** The words known to be spoken in it, as written. */
  text: string;
  /**
   * The audio may start or end part-way through the script (a sequence whose clips are trimmed): the words not
   * heard at either end are left out of the answer instead of being squeezed into the audio's edges.
   */
  mayBeTrimmed?: boolean;
  signal?: AbortSignal;
}

/** Audio + the words known to be spoken in it → where each word is (`scriptWords(text)`, in order; with `mayBeTrimmed`, the run of them heard). */
export interface SpeechAligner {
  readonly engine: SpeechEngineName;
  align(request: AlignmentRequest): Promise<TimedWord[]>;
}

export interface TranscriptionRequest {
  audioFile: string;
  /** BCP 47; the engine's default (English) when unset. */
  language?: string;
  signal?: AbortSignal;
}

/** Audio → the words heard in it, each with its start and end. */
export interface Transcriber {
  readonly engine: SpeechEngineName;
  /** True when the words are a draft to correct (the offline recogniser), false for a keyed service. */
  readonly draft: boolean;
  transcribe(request: TranscriptionRequest): Promise<TimedWord[]>;
}

/**
 * A failure a user can read; `status` is the HTTP status the API answers with: 400 for input the engine
 * cannot take (an empty script, audio with no speech), 429 for a provider's quota, 502 for a provider's
 * refusal or bad answer, 503 for an engine that is missing or a provider that is down, 504 for a time limit.
 */
export class SpeechError extends Error {
  override name = 'SpeechError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
