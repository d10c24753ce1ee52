import { describe, expect, it } from 'vitest';
import { spokenText, spokenToken, spokenWordCount } from './spoken-text.ts';

describe('spokenText', () => {
  it('reads money, years, ordinals, decimals, percentages and times as words', () => {
    expect(spokenText('$1,000,000,000')).toBe('one billion dollars');
    expect(spokenText('$5.50')).toBe('five dollars and fifty cents');
    expect(spokenText('$1 and $0.99')).toBe('one dollar and ninety nine cents');
    expect(spokenText('£3.01 €2bn $1.5M')).toBe('three pounds and one penny two billion euros one point five million dollars');
    expect(spokenText('In 1999 we came 3rd, then 21st and 12th.')).toBe('In nineteen ninety nine we came third, then twenty first and twelfth.');
    expect(spokenText('3.5 and 1,250')).toBe('three point five and one thousand two hundred fifty');
    expect(spokenText('45% of 2026')).toBe('forty five percent of twenty twenty six');
    expect(spokenText('At 9:05 or 10:00.')).toBe("At nine oh five or ten o'clock.");
    expect(spokenText('the 1990s and the 80s')).toBe('the nineteen nineties and the eighties');
  });

  it('keeps punctuation on its word and splits numbers from the letters around them', () => {
    expect(spokenToken('($5,')).toEqual(['(five', 'dollars,']);
    expect(spokenToken('4K')).toEqual(['four', 'K']);
    expect(spokenToken('mp3')).toEqual(['mp', 'three']);
    expect(spokenToken('Hello,')).toEqual(['Hello,']);
  });

  it('leaves no digit for an engine to read, however long the number', () => {
    const digits = '7'.repeat(2999);
    expect(spokenText(digits)).not.toMatch(/\d/);
    expect(spokenText(`${'$1,000,000,000 '.repeat(3)}3.14159`)).not.toMatch(/\d/);
  });
});

describe('spokenWordCount', () => {
  it('counts the words a voice says, numbers as the words they are read as', () => {
    expect(spokenWordCount('Hello, world!')).toBe(2);
    expect(spokenWordCount('$1,000,000,000')).toBe(3);
    expect(spokenWordCount('Only $5.50 — today')).toBe(7);
    expect(spokenWordCount('   ')).toBe(0);
  });

  it('counts a digits script by its spoken length, not its few tokens', () => {
    // The attack run's scripts: 2,999 digits, and 200 × "$1,000,000,000" (both about 3,000 characters).
    expect(spokenWordCount('7'.repeat(2999))).toBe(2999);
    expect(spokenWordCount('$1,000,000,000 '.repeat(200))).toBe(600);
  });
});
