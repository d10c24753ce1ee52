import { expect } from 'vitest';

/** The mean absolute difference of two pictures' bytes (0 to 255): 0 when identical. */
export function meanDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += Math.abs(a[index]! - b[index]!);
  return sum / a.length;
}
