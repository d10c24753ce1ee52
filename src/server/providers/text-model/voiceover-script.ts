import { SPOKEN_WORDS_PER_SECOND, scriptLengthProblem } from '../../../shared/speech/script-length.ts';
import { spokenWordCount } from '../../../shared/speech/spoken-text.ts';
import { MAX_SCRIPT_CHARACTERS } from '../../../shared/speech/timed-word.ts';
import { checkedScriptWords } from '../speech/script-tokens.ts';
import { SpeechError } from '../speech/speech.ts';

/**
 * What a draft aims for, of the words that fit: room to breathe between sentences, and for a model that
 * miscounts its words a little.
 */
const DRAFT_FILL = 0.85;

/** At up to 7 characters a word with its space, a draft of this many words stays within MAX_SCRIPT_CHARACTERS. */
const MAX_DRAFT_WORDS = Math.floor(MAX_SCRIPT_CHARACTERS / 7);

/** The most words a script spoken over `seconds` of video may have (at least one). */
export function scriptWordLimit(seconds: number): number {
  return Math.min(MAX_DRAFT_WORDS, Math.max(1, Math.floor(seconds * SPOKEN_WORDS_PER_SECOND)));
}

/** The words a draft for `seconds` of video aims for. */
export function scriptWordTarget(seconds: number): number {
  return Math.max(1, Math.round(scriptWordLimit(seconds) * DRAFT_FILL));
}

/** Marks a voice says nothing for (markup, stage directions in brackets, emoji): a caption would show them unsaid. */
const UNSPOKEN = /[*_#~`|\\<>[\]{}()@^=+]|\p{Extended_Pictographic}/u;

export type DraftProblem = 'empty' | 'too-long' | 'unspoken';

/**
 * Why a drafted script cannot be used as it is, or undefined: the rules every speech engine checks a script with
 * (`checkedScriptWords`), no more words read aloud than `scriptWordLimit(seconds)`, and nothing a voice would not say.
 */
export function draftProblem(script: string, seconds: number): DraftProblem | undefined {
  try {
    checkedScriptWords(script);
  } catch (error) {
    if (!(error instanceof SpeechError)) throw error;
    return scriptLengthProblem(script) ? 'too-long' : 'empty';
  }
  if (spokenWordCount(script) > scriptWordLimit(seconds)) return 'too-long';
  return UNSPOKEN.test(script) ? 'unspoken' : undefined;
}
