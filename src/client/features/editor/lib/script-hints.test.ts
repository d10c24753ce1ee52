import { describe, expect, it } from 'vitest';
import { scriptHints, spokenLength } from './script-hints';

describe('scriptHints', () => {
  it('counts the words read aloud and the characters against their limits', () => {
    expect(scriptHints('Only $5.50 today.', 25)).toEqual({ count: '7/600 words · 17/3,000 characters', problem: null, overrun: null });
  });

  it('says plainly when the script is over a limit, in the words the server answers with', () => {
    expect(scriptHints('word '.repeat(700), 300).problem).toBe('The script is too long: 3,499 characters, at most 3,000.');
    expect(scriptHints('7'.repeat(2999), 300).problem).toBe(
      'The script is too long to speak: 2999 words read aloud (numbers count as their words), at most 600.',
    );
  });

  it('warns before spending when the script runs well past the video, and by how much', () => {
    // The creator's case: a 149 s voice-over for a 25 s video (about 372 words).
    const long = 'word '.repeat(372);
    expect(scriptHints(long, 25).overrun).toBe(
      'At 2.5 words a second this script runs about 2 min 29 s, 2 min 4 s past the end of the 25 s video: what runs past the end is not heard.',
    );
    // A script sized as "Write it for me" sizes one (2.5 words a second), or a little over, is not warned about.
    expect(scriptHints('word '.repeat(62), 25).overrun).toBeNull();
    expect(scriptHints('word '.repeat(70), 25).overrun).toBeNull();
    expect(scriptHints('word '.repeat(80), 25).overrun).not.toBeNull();
    // A video with no length yet warns about nothing.
    expect(scriptHints(long, 0).overrun).toBeNull();
  });
});

it('writes a spoken length in minutes and seconds', () => {
  expect(spokenLength(25)).toBe('25 s');
  expect(spokenLength(149.4)).toBe('2 min 29 s');
  expect(spokenLength(60)).toBe('1 min');
});
