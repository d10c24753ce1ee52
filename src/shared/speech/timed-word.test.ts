import { describe, expect, it } from 'vitest';
import { scriptWords, spokenForm } from './timed-word.ts';

describe('scriptWords', () => {
  it('splits a script into the words captions show, punctuation kept on its word', () => {
    expect(scriptWords('  Hello,   world!\nDon’t stop.')).toEqual(['Hello,', 'world!', 'Don’t', 'stop.']);
  });

  it('joins a token nobody speaks (a dash, an emoji) to its neighbour', () => {
    expect(scriptWords('Wait — what? 🔥')).toEqual(['Wait —', 'what? 🔥']);
    expect(scriptWords('— Go now')).toEqual(['— Go', 'now']);
    expect(scriptWords(' … ')).toEqual([]);
  });
});

describe('spokenForm', () => {
  it('keeps what is spoken: letters, digits, inner apostrophes and hyphens, lower case', () => {
    expect(spokenForm('Don’t!')).toBe("don't");
    expect(spokenForm('"Well-known,"')).toBe('well-known');
    expect(spokenForm('2026.')).toBe('2026');
    expect(spokenForm('Wait —')).toBe('wait');
    expect(spokenForm('—')).toBe('');
  });
});
