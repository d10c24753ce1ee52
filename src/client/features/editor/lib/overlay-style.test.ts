import { describe, expect, it } from 'vitest';
import { newTextOverlay } from '@shared/editor/editor-state';
import { referenceScale } from '@shared/editor/looks';
import { overlayBoxStyle, overlayEditorStyle } from './overlay-style';

describe('overlay boxes on the player', () => {
  const frame = { width: 720, height: 1280 };

  it('places the hit box where the text was laid out, in percent of the frame', () => {
    expect(overlayBoxStyle({ left: 180, top: 320, width: 360, height: 128 }, frame)).toEqual({
      position: 'absolute',
      left: '25%',
      top: '25%',
      width: '50%',
      height: '10%',
    });
  });

  it('centres the in-place editor on the text box, in the overlay face at screen size, wrapping at the box width', () => {
    const overlay = { ...newTextOverlay('a', 8), boxWidth: 60 };
    const style = overlayEditorStyle(overlay, { left: 180, top: 320, width: 360, height: 128 }, frame, referenceScale(360, 640));
    expect(style).toMatchObject({
      left: '50%',
      top: '30%',
      transform: 'translate(-50%, -50%)',
      maxWidth: '60%',
      whiteSpace: 'pre-wrap',
      fontSize: '16px',
      color: '#FFFFFF',
      WebkitTextStroke: '2px #000000',
      paintOrder: 'stroke fill',
    });
    expect(style.fontFamily).toMatch(/^'PromptReel Impact', /);
  });

  it('draws no stroke for an outline of thickness 0', () => {
    const overlay = { ...newTextOverlay('a', 8), outline: { color: '#FFFFFF', thickness: 0 } };
    expect(overlayEditorStyle(overlay, { left: 0, top: 0, width: 10, height: 10 }, frame, 1).WebkitTextStroke).toBeUndefined();
  });
});
