import { describe, expect, it } from 'vitest';
import { freeOverlayY } from './new-overlay-place';

const at = (y: number) => ({ position: { x: 50, y } });

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
    expect(freeOverlayY([50, 35, 65, 20, 80, 10, 90].map(at))).toBe(50);
  });
});
