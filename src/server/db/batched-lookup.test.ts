import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup.ts';

/** A lookup over a fixed table that records the keys of each query it is asked to run. */
function recordingLookup(table: Record<string, string>) {
  const queries: string[][] = [];
  const lookup = batchedLookup(async (keys: string[]) => {
    queries.push(keys);
    return new Map(keys.filter((key) => key in table).map((key) => [key, table[key] as string]));
  });
  return { lookup, queries };
}

describe('batched lookups', () => {
  it('answers each caller with its own value, from one query for all asked in the same turn', async () => {
    const { lookup, queries } = recordingLookup({ a: 'A', b: 'B', c: 'C' });
    const answers = await Promise.all([lookup('a'), lookup('b'), lookup('a'), lookup('missing'), lookup('c')]);
    expect(answers).toEqual(['A', 'B', 'A', undefined, 'C']);
    expect(queries).toEqual([['a', 'b', 'missing', 'c']]);
  });

  it('runs one query per caller when callers come one after another', async () => {
    const { lookup, queries } = recordingLookup({ a: 'A', b: 'B' });
    expect(await lookup('a')).toBe('A');
    expect(await lookup('b')).toBe('B');
    expect(queries).toEqual([['a'], ['b']]);
  });

  it('splits a batch of more than 100 keys into several queries', async () => {
    const table = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`k${i}`, `v${i}`]));
    const { lookup, queries } = recordingLookup(table);
    const answers = await Promise.all(Object.keys(table).map((key) => lookup(key)));
    expect(answers).toEqual(Object.values(table));
    expect(queries.map((keys) => keys.length)).toEqual([100, 100, 50]);
  });

  it('gives every caller in a batch the error when its query fails, and recovers for the next batch', async () => {
    let queries = 0;
    const lookup = batchedLookup(async (keys: string[]) => {
      queries += 1;
      if (queries === 1) throw new Error('database down');
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    });
    const results = await Promise.allSettled([lookup('a'), lookup('b')]);
    expect(results).toEqual([
      { status: 'rejected', reason: new Error('database down') },
      { status: 'rejected', reason: new Error('database down') },
    ]);
    expect(await lookup('a')).toBe('A');
    expect(queries).toBe(2);
  });
});
