import { describe, expect, it } from 'vitest';
import { formatTime } from './format-time';
import { parseTime } from './parse-time';

describe('parseTime', () => {
  it('reads minutes and seconds, or seconds alone', () => {
    expect(parseTime('1:02.5')).toBe(62.5);
    expect(parseTime('0:03')).toBe(3);
    expect(parseTime('62,5')).toBe(62.5);
    expect(parseTime(' 4 ')).toBe(4);
    expect(parseTime('.5')).toBe(0.5);
  });

  it('reads back what formatTime writes', () => {
    expect(parseTime(formatTime(83.45))).toBe(83.45);
  });

  it('refuses what is not a time', () => {
    for (const text of ['', 'abc', '-1', '1:2:3', '1:']) expect(parseTime(text)).toBeNull();
  });
});
