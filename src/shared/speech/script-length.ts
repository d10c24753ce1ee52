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

/** About how long a voice takes to say the script, in seconds, at SPOKEN_WORDS_PER_SECOND. */
export function estimatedSpokenSeconds(script: string): number {
  return spokenWordCount(script) / SPOKEN_WORDS_PER_SECOND;
}

/**
 * How many seconds the script would run past the end of a video `videoSeconds` long, when that is well past it:
 * more than a fifth of the video and at least two seconds (a script a little long still fits a slower pace).
 * Undefined when it fits or the video has no length yet.
 */
export function scriptOverrunSeconds(script: string, videoSeconds: number): number | undefined {
  if (!(videoSeconds > 0)) return undefined;
  const overrun = estimatedSpokenSeconds(script) - videoSeconds;
  return overrun > Math.max(2, videoSeconds / 5) ? overrun : undefined;
}
