import { expect, it } from 'vitest';
import { integerWords, numberReadings } from './number-words.ts';

it('spells whole numbers as English words', () => {
  expect(integerWords('0')).toEqual(['zero']);
  expect(integerWords('13')).toEqual(['thirteen']);
  expect(integerWords('40')).toEqual(['forty']);
  expect(integerWords('105')).toEqual(['one', 'hundred', 'five']);
  expect(integerWords('2026')).toEqual(['two', 'thousand', 'twenty', 'six']);
  expect(integerWords('1000000')).toEqual(['one', 'million']);
  expect(integerWords('7012345')).toEqual(['seven', 'million', 'twelve', 'thousand', 'three', 'hundred', 'forty', 'five']);
});

it('offers a year reading for four-digit numbers and reads decimals and thousands separators', () => {
  expect(numberReadings('2026')).toEqual([
    ['twenty', 'twenty', 'six'],
    ['two', 'thousand', 'twenty', 'six'],
  ]);
  expect(numberReadings('1905')[0]).toEqual(['nineteen', 'oh', 'five']);
  expect(numberReadings('2000')).toEqual([['two', 'thousand']]);
  expect(numberReadings('3.5')).toEqual([['three', 'point', 'five']]);
  expect(numberReadings('1,000,000')).toEqual([['one', 'million']]);
});
