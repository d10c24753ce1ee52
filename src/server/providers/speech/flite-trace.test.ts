import { describe, expect, it } from 'vitest';
import { matchPhones, parseFliteTrace, phoneGroups, timeWords } from './flite-trace.ts';

describe('parseFliteTrace', () => {
  it('offsets each utterance by the ones before it and rescales to the WAV length', () => {
    const segments = parseFliteTrace('pau:0.1 hh:0.2 ay:0.4 pau:0.5\npau:0.1 b:0.3 pau:0.5\n', 2);
    expect(segments.map((segment) => segment.phone)).toEqual(['pau', 'hh', 'ay', 'pau', 'pau', 'b', 'pau']);
    expect(segments[4]!.start).toBeCloseTo(1.0);
    expect(segments.at(-1)!.end).toBeCloseTo(2);
    expect(segments[1]).toMatchObject({ start: expect.closeTo(0.2) as number, end: expect.closeTo(0.4) as number });
  });
});

describe('timeWords', () => {
  it('gives each word the span of its phones, even when context changes a phone', () => {
    const segments = parseFliteTrace('pau:0.2 dh:0.3 iy:0.4 ae:0.6 pau:0.8');
    const words = timeWords(['The', 'apple'], [['dh', 'ax'], ['ae']], segments);
    expect(words).toEqual([
      { text: 'The', start: 0.2, end: expect.closeTo(0.4) as number },
      { text: 'apple', start: expect.closeTo(0.4) as number, end: expect.closeTo(0.6) as number },
    ]);
  });

  it('gives a word Flite did not speak an empty span where it falls', () => {
    const segments = parseFliteTrace('pau:0.1 a:0.2 b:0.3 pau:0.4');
    const words = timeWords(['A', '~x', 'B'], [['a'], [], ['b']], segments);
    expect(words.map((word) => [word.start, word.end].map((value) => Number(value.toFixed(2))))).toEqual([
      [0.1, 0.2],
      [0.2, 0.2],
      [0.2, 0.3],
    ]);
  });

  it('splits a pause-separated trace into words', () => {
    expect(phoneGroups(parseFliteTrace('pau:0.1 a:0.2 pau:0.3 b:0.4 c:0.5 pau:0.6'))).toEqual([['a'], ['b', 'c']]);
  });

  it('matches phones by edit distance, leaving inserted ones unowned', () => {
    expect(matchPhones(['a', 'b', 'c'], ['a', 'x', 'b', 'c'])).toEqual([0, undefined, 1, 2]);
  });
});
