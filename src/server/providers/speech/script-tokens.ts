import { scriptLengthProblem } from '../../../shared/speech/script-length.ts';
import { spokenToken } from '../../../shared/speech/spoken-text.ts';
import { type TimedWord, scriptWords } from '../../../shared/speech/timed-word.ts';
import { SpeechError } from './speech.ts';

/**
 * The script as an engine is to say it: `tokens` are the white-space separated pieces it is given (numbers
 * written out by `spokenToken`, so no engine reads a digit), each with the index of the caption word
 * (`scriptWords`, as the creator wrote it) it belongs to.
 */
export interface ScriptTokens {
  words: string[];
  tokens: string[];
  wordOfToken: number[];
}

/** The script's caption words (`scriptWords`), or a 400 for a script no engine can take: every engine checks through this. */
export function checkedScriptWords(script: string): string[] {
  const tooLong = scriptLengthProblem(script);
  if (tooLong) throw new SpeechError(tooLong, 400);
  const words = scriptWords(script);
  if (words.length === 0) throw new SpeechError('The script has no words to speak.', 400);
  return words;
}

/** Splits as `scriptWords` does, keeping which caption word each token went into; a 400 for a script no voice can take. */
export function scriptTokens(script: string): ScriptTokens {
  const words = checkedScriptWords(script);
  const tokens: string[] = [];
  const wordOfToken: number[] = [];
  let word = -1;
  for (const written of script.split(/\s+/).filter(Boolean)) {
    if (/[\p{L}\p{N}]/u.test(written)) word += 1;
    for (const spoken of spokenToken(written)) {
      tokens.push(spoken);
      // Punctuation before the first word belongs to it, as scriptWords puts it there.
      wordOfToken.push(Math.max(word, 0));
    }
  }
  return { words, tokens, wordOfToken };
}

/** The script's caption words, each with what an engine is to say for it ("$5" → "five dollars"); a 400 as `scriptTokens`. */
export function spokenScriptWords(script: string): Array<{ text: string; spoken: string }> {
  const { words, tokens, wordOfToken } = scriptTokens(script);
  const spoken = words.map(() => [] as string[]);
  tokens.forEach((token, index) => spoken[wordOfToken[index]!]!.push(token));
  return words.map((text, index) => ({ text, spoken: spoken[index]!.join(' ') }));
}

/** A span in seconds, or undefined for something the engine did not say (an emoji, a symbol). */
export type Span = { start: number; end: number } | undefined;

/**
 * Caption words timed from the times of their parts (tokens or recognised words): each word runs from its
 * first part's start to its last part's end. A word with no timed part sits, zero-length, where the words
 * around it meet, so the list stays complete and in order.
 */
export function timeWords(words: readonly string[], parts: ReadonlyArray<{ word: number; span: Span }>): TimedWord[] {
  const spans: Span[] = words.map(() => undefined);
  for (const { word, span } of parts) {
    if (!span) continue;
    const known = spans[word];
    spans[word] = known ? { start: Math.min(known.start, span.start), end: Math.max(known.end, span.end) } : { ...span };
  }
  const timed: TimedWord[] = [];
  words.forEach((text, index) => {
    const span = spans[index];
    const previousEnd = timed.at(-1)?.end ?? 0;
    if (span) {
      const start = Math.max(span.start, previousEnd);
      timed.push({ text, start, end: Math.max(span.end, start) });
      return;
    }
    const nextStart = spans.slice(index + 1).find((next) => next !== undefined)?.start;
    const at = timed.length > 0 ? previousEnd : (nextStart ?? 0);
    timed.push({ text, start: at, end: at });
  });
  return timed;
}
