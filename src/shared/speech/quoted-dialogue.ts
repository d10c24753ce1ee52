import { scriptWords } from './timed-word.ts';

/** A passage between straight or curly double quotes; either kind may close it ("…", “…”, “…"). */
const QUOTED = /["“]([^"“”]*)["”]/g;

/**
 * The dialogue quoted in a prompt, as a script: each passage between double quotes, in order, one after
 * another (`A chef says "Order up, table five!"` → `Order up, table five!`); '' when nothing is quoted. An
 * unclosed quote is not dialogue.
 */
export function quotedDialogue(prompt: string): string {
  return [...prompt.matchAll(QUOTED)]
    .map((match) => (match[1] ?? '').trim())
    .filter((passage) => passage.length > 0)
    .join(' ');
}

/** The quoted dialogue's words as captions show them (`scriptWords`): what a voice speaks of the prompt. */
export function dialogueWords(prompt: string): string[] {
  return scriptWords(quotedDialogue(prompt));
}
