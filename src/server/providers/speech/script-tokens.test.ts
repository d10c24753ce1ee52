import { expect, it } from 'vitest';
import { scriptWords } from '../../../shared/speech/timed-word.ts';
import { scriptTokens, spokenScriptWords } from './script-tokens.ts';

it('gives the engines every number as words, each piece kept with the caption word the creator wrote', () => {
  const script = 'Raised $1,000,000,000 in 1999 — 3rd place, 45%!';
  const { words, tokens, wordOfToken } = scriptTokens(script);
  expect(words).toEqual(scriptWords(script));
  expect(tokens.join(' ')).toBe('Raised one billion dollars in nineteen ninety nine — third place, forty five percent!');
  expect(tokens.map((token, index) => `${words[wordOfToken[index]!]}:${token}`)).toContain('$1,000,000,000:billion');
  expect(spokenScriptWords(script)).toEqual([
    { text: 'Raised', spoken: 'Raised' },
    { text: '$1,000,000,000', spoken: 'one billion dollars' },
    { text: 'in', spoken: 'in' },
    { text: '1999 —', spoken: 'nineteen ninety nine —' },
    { text: '3rd', spoken: 'third' },
    { text: 'place,', spoken: 'place,' },
    { text: '45%!', spoken: 'forty five percent!' },
  ]);
});

it('refuses, before an engine is given anything, a script that reads as more words than the limit', () => {
  // 2,999 characters, as in the attack run: about 500 words as prose, 2,999 read aloud.
  for (const script of ['7'.repeat(2999), '12 '.repeat(999)]) {
    expect(() => scriptTokens(script)).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining('too long to speak') }));
  }
  expect(scriptTokens('Seven '.repeat(499)).tokens).toHaveLength(499);
});
