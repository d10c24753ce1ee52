import { describe, expect, it } from 'vitest';
import { formatDuration, formatTime } from './format-time';

describe('formatTime', () => {
  it.each([
    [0, '0:00.00'],
    [1 / 30, '0:00.03'],
    [8, '0:08.00'],
    [83.456, '1:23.45'],
    [5.999, '0:05.99'],
    [-1, '0:00.00'],
  ])('%d s is %s', (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });

  it('shows a clip length to a tenth of a second', () => {
    expect(formatDuration(8)).toBe('8s');
    expect(formatDuration(7.46)).toBe('7.5s');
  });
});
