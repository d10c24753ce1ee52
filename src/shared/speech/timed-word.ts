/** One word as a caption shows it, with where it is spoken: seconds into the audio it was timed in. */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
}

/** Longest script a voice-over or an alignment takes, in characters (about 3 minutes of speech). */
export const MAX_SCRIPT_CHARACTERS = 3000;

/**
 * The script's words as captions show them: split on white space, punctuation kept on its word ("Hello," and
 * "world!"). A token with no letter or digit (a dash, an emoji) joins the word before it, or the one after it
 * at the start, since nobody speaks it on its own.
 */
export function scriptWords(script: string): string[] {
  const words: string[] = [];
  let pending = '';
  for (const token of script.split(/\s+/).filter(Boolean)) {
    if (!/[\p{L}\p{N}]/u.test(token)) {
      if (words.length > 0) words[words.length - 1] += ` ${token}`;
      else pending = pending ? `${pending} ${token}` : token;
      continue;
    }
    words.push(pending ? `${pending} ${token}` : token);
    pending = '';
  }
  return words;
}

/**
 * What an engine says for a caption word: its letters, digits and inner apostrophes and hyphens, lower case
 * ("Don't!" → "don't", "—" → ""). Numbers stay digits; each engine spells them its own way.
 */
export function spokenForm(word: string): string {
  return word
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[^\p{L}\p{N}'\- ]/gu, '')
    .replace(/(^['\- ]+)|(['\- ]+$)/g, '')
    .trim();
}
