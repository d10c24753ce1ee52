import { describe, expect, it } from 'vitest';
import { frameKey } from './use-filmstrip-frames';

describe('frameKey', () => {
  it('shows each slot the frame of the whole second at or before it, a keyframe of every stored video', () => {
    expect([0, 0.1, 0.99].map(frameKey)).toEqual([0, 0, 0]);
    expect([1, 1.5, 1.999].map(frameKey)).toEqual([1, 1, 1]);
    expect(frameKey(7.9)).toBe(7);
  });

  it('never asks for a time before the clip starts', () => {
    expect(frameKey(-0.2)).toBe(0);
  });
});
