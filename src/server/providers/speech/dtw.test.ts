import { describe, expect, it } from 'vitest';
import { warp, type FeatureSequence } from './dtw.ts';

/** A smooth random walk in 4 dimensions: distinct, slowly changing frames, like speech features. */
function walk(length: number, seed: number): FeatureSequence {
  const data = new Float32Array(length * 4);
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  for (let frame = 1; frame < length; frame++) {
    for (let k = 0; k < 4; k++) data[frame * 4 + k] = 0.9 * data[(frame - 1) * 4 + k]! + random();
  }
  return { data, dimensions: 4, length };
}

/** `source` stretched by `factor` (nearest frame), after `lead` frames of zeros. */
function stretched(source: FeatureSequence, factor: number, lead: number): FeatureSequence {
  const length = lead + Math.floor(source.length * factor);
  const data = new Float32Array(length * 4);
  for (let frame = lead; frame < length; frame++) {
    const from = Math.min(source.length - 1, Math.floor((frame - lead) / factor));
    data.set(source.data.subarray(from * 4, from * 4 + 4), frame * 4);
  }
  return { data, dimensions: 4, length };
}

describe('warp', () => {
  it('finds a stretched copy after a lead-in in one full pass', () => {
    const source = walk(300, 7);
    const path = warp(source, stretched(source, 1.25, 50), { openEnds: true });
    expect(path.cells).toBe(300 * (50 + 375));
    for (const row of [0, 100, 200, 299]) expect(Math.abs(path.first[row]! - (50 + row * 1.25))).toBeLessThanOrEqual(2);
  });

  it('keeps memory to a band around the coarse path for long sequences', () => {
    // 3 minutes each side at 10 ms frames: a full matrix would be 324M cells.
    const source = walk(18_000, 11);
    const target = stretched(source, 1.1, 500);
    const path = warp(source, target, { openEnds: false });
    expect(path.cells).toBeLessThan(20_000_000);
    for (const row of [5000, 10_000, 17_999]) expect(Math.abs(path.first[row]! - (500 + row * 1.1))).toBeLessThanOrEqual(3);
  });
});
