import { describe, expect, it } from 'vitest';
import { freeOverlayY } from './overlay-place.ts';

const at = (y: number, start = 0, end = 10) => ({ position: { x: 50, y }, start, end });

describe('freeOverlayY', () => {
  it('puts the first overlay in the middle and each next one where none is yet', () => {
    expect(freeOverlayY([])).toBe(50);
    expect(freeOverlayY([at(50)])).toBe(35);
    expect(freeOverlayY([at(50), at(35)])).toBe(65);
    expect(freeOverlayY([at(50), at(35), at(65)])).toBe(20);
  });

  it('counts an overlay near a height as taking it', () => {
    expect(freeOverlayY([at(56)])).toBe(35);
    expect(freeOverlayY([at(47), at(30)])).toBe(65);
  });

  it('goes back to the middle when every height is taken', () => {
    expect(freeOverlayY([50, 35, 65, 20, 80, 10, 90].map((y) => at(y)))).toBe(50);
  });

  it('keeps a wanted height when it is free at that time, else takes the nearest free one', () => {
    expect(freeOverlayY([], { prefer: 22 })).toBe(22);
    // A hook at 22 for the first 3 s: another text wanted there in those seconds goes to the nearest free height.
    expect(freeOverlayY([at(22, 0, 3)], { prefer: 22, during: { start: 0, end: 3 } })).toBe(35);
    // After the hook has gone, the top is free again.
    expect(freeOverlayY([at(22, 0, 3)], { prefer: 22, during: { start: 3, end: 8 } })).toBe(22);
  });
});
