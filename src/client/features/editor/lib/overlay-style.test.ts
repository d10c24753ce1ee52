import { describe, expect, it } from 'vitest';
import { newTextOverlay } from '@shared/editor/editor-state';
import { referenceScale } from '@shared/editor/looks';
import { overlayBoxStyle } from './overlay-style';

describe('overlay geometry (DESIGN §5)', () => {
  const scale = referenceScale(360, 640);

  it('centres the box on its position and scales sizes from the 1080 reference', () => {
    const style = overlayBoxStyle({ ...newTextOverlay('a', 8), position: { x: 25, y: 80 } }, scale);
    expect(style).toMatchObject({
      left: '25%',
      top: '80%',
      transform: 'translate(-50%, -50%)',
      fontFamily: "'PromptReel Impact'",
      fontSize: '16px',
      lineHeight: 1.2,
      whiteSpace: 'pre',
      WebkitTextStroke: '2px #000000',
      paintOrder: 'stroke fill',
    });
  });

  it('draws no stroke for an outline of thickness 0', () => {
    const style = overlayBoxStyle({ ...newTextOverlay('a', 8), outline: { color: '#FFFFFF', thickness: 0 } }, scale);
    expect(style.WebkitTextStroke).toBeUndefined();
  });
});
