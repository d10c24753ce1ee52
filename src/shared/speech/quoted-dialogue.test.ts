import { describe, expect, it } from 'vitest';
import { dialogueWords, quotedDialogue } from './quoted-dialogue.ts';

describe('quotedDialogue', () => {
  it('takes the words between straight or curly double quotes', () => {
    expect(quotedDialogue('A chef in a busy kitchen says "Order up, table five!"')).toBe('Order up, table five!');
    expect(quotedDialogue('A pilot announces “We are landing now.” over the radio')).toBe('We are landing now.');
  });

  it('speaks several quotes one after another, in the order they are written', () => {
    expect(quotedDialogue('She asks "Coffee?" and he answers “Yes, please.” then "Thanks!"')).toBe('Coffee? Yes, please. Thanks!');
  });

  it('is empty without a closed quote, and skips empty quotes', () => {
    expect(quotedDialogue('A calm lake at dawn')).toBe('');
    expect(quotedDialogue('A sign reading "OPEN')).toBe('');
    expect(quotedDialogue('An empty "" pause, then "  Hello  "')).toBe('Hello');
    // Single quotes and apostrophes are not dialogue: "don't" stays one word.
    expect(quotedDialogue(`The 'quiet' kid says "I don't know"`)).toBe("I don't know");
  });

  it('accepts a curly quote closed by a straight one', () => {
    expect(quotedDialogue('He shouts “Run!" and leaves')).toBe('Run!');
  });
});

describe('dialogueWords', () => {
  it('gives the words a voice speaks and captions show, as scriptWords splits them', () => {
    expect(dialogueWords('A robot says "Hello,   world — 2026!" and "🎬 Action"')).toEqual(['Hello,', 'world —', '2026! 🎬', 'Action']);
    expect(dialogueWords('Nothing quoted here')).toEqual([]);
    expect(dialogueWords('Only a symbol "🎬"')).toEqual([]);
  });
});
