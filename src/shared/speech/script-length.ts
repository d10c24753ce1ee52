import { spokenWordCount } from './spoken-text.ts';
import { MAX_SCRIPT_CHARACTERS } from './timed-word.ts';

/** Words a narrator says in a second at an easy pace: drafted scripts are sized with it, typed ones estimated. */
export const SPOKEN_WORDS_PER_SECOND = 2.5;

/**
 * Most words a voice-over or a script's captions may say, numbers counted as the words they are read as
 * (`spokenWordCount`): four minutes at the easy pace, more than any prose within MAX_SCRIPT_CHARACTERS says
 * at an average word length. It bounds what an engine works on whatever the script is made of (decision 054).
 */
export const MAX_SPOKEN_WORDS = 600;

/** Why a script is too long to speak, in the words the API and the Voice panel both use; undefined when it fits. */
export function scriptLengthProblem(script: string): string | undefined {
  const characters = script.trim().length;
  if (characters > MAX_SCRIPT_CHARACTERS) {
    return `The script is too long: ${characters.toLocaleString('en-US')} characters, at most ${MAX_SCRIPT_CHARACTERS.toLocaleString('en-US')}.`;
  }
  const words = spokenWordCount(script);
  if (words > MAX_SPOKEN_WORDS) {
    return `The script is too long to speak: ${words} words read aloud (numbers count as their words), at most ${MAX_SPOKEN_WORDS}.`;
  }
  return undefined;
}
