import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { FONT_FACES } from '../../../shared/editor/fonts.ts';
import { overlayFont } from '../../../shared/editor/text/overlay-layout.ts';
import { registerCanvasFonts } from './canvas-fonts.ts';

/** The pixels the export's canvas draws for `text` in an overlay's font chain, white on transparent. */
function drawn(fontFamily: keyof typeof FONT_FACES, text: string): Uint8ClampedArray {
  registerCanvasFonts();
  const canvas = createCanvas(160, 160);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.font = overlayFont(fontFamily, 80);
  ctx.fillText(text, 20, 120);
  return ctx.getImageData(0, 0, 160, 160).data;
}

/** U+0378 is unassigned: every face draws it as its missing-glyph box. */
const MISSING_GLYPH = '\u0378';

describe('the export’s fonts', () => {
  it.each(['Impact', 'Lobster', 'Montserrat'] as const)('draws symbols in %s from the bundled fallbacks, not as missing-glyph boxes', (fontFamily) => {
    const box = drawn(fontFamily, MISSING_GLYPH);
    for (const symbol of ['✓', '✗', '★', '♪', '➜', '☐']) {
      const pixels = drawn(fontFamily, symbol);
      expect(pixels.some((value, index) => index % 4 === 3 && value > 0), `${symbol} draws ink`).toBe(true);
      expect(Buffer.from(pixels).equals(Buffer.from(box)), `${symbol} is not the missing-glyph box`).toBe(false);
    }
  });
});
