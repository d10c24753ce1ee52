import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTextOverlay, type TextOverlay } from '../editor-state.ts';
import { FALLBACK_FACES, FONT_FACES } from '../fonts.ts';
import { layoutOverlay, overlayLineTexts, splitGraphemes, textDirection } from './overlay-layout.ts';
import type { TextDrawingContext } from './text-context.ts';

function fontPath(npmPath: string): string {
  return decodeURIComponent(new URL(import.meta.resolve(npmPath)).pathname);
}

beforeAll(() => {
  GlobalFonts.registerFromPath(fontPath('@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf'), FONT_FACES.Anton.cssFamily);
  GlobalFonts.registerFromPath(
    fontPath('@expo-google-fonts/noto-color-emoji/400Regular/NotoColorEmoji_400Regular.ttf'),
    FALLBACK_FACES[0].cssFamily,
  );
});

function context(): TextDrawingContext {
  return createCanvas(8, 8).getContext('2d');
}

function overlay(changes: Partial<TextOverlay>): TextOverlay {
  return { ...newTextOverlay('o1', 10), fontFamily: 'Anton', fontSize: 64, ...changes };
}

const PREVIEW = { width: 396, height: 704 };
const HD = { width: 720, height: 1280 };
const FULL_HD = { width: 1080, height: 1920 };
const CAPTION = 'When the beat drops and everybody in the room finally understands the plan';

describe('layoutOverlay', () => {
  it('wraps a long caption into the same lines on a 396-px preview, a 720p and a 1080p frame', () => {
    const caption = overlay({ text: CAPTION, boxWidth: 80 });
    const [preview, hd, fullHd] = [PREVIEW, HD, FULL_HD].map((frame) => layoutOverlay(context(), caption, frame));
    const lines = fullHd!.lines.map((line) => line.text);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(CAPTION);
    expect(preview!.lines.map((line) => line.text)).toEqual(lines);
    expect(hd!.lines.map((line) => line.text)).toEqual(lines);
    for (const line of fullHd!.lines) expect(line.width).toBeLessThanOrEqual(0.8 * FULL_HD.width + 0.5);
  });

  it('scales positions with the frame: the box is the same fraction of each frame', () => {
    const caption = overlay({ text: CAPTION, position: { x: 40, y: 70 } });
    const [preview, fullHd] = [PREVIEW, FULL_HD].map((frame) => layoutOverlay(context(), caption, frame));
    const fractions = (layout: typeof preview, frame: typeof PREVIEW) => [
      layout!.box.left / frame.width,
      layout!.box.top / frame.height,
      layout!.box.width / frame.width,
      layout!.box.height / frame.height,
    ];
    const [a, b] = [fractions(preview, PREVIEW), fractions(fullHd, FULL_HD)];
    a.forEach((value, index) => expect(value).toBeCloseTo(b[index]!, 2));
  });

  it('centres the box on the position and makes it as wide as its widest line', () => {
    const layout = layoutOverlay(context(), overlay({ text: 'WIDE LINE HERE\nNARROW', position: { x: 30, y: 60 }, textAlign: 'right' }), FULL_HD);
    expect(layout.box.left + layout.box.width / 2).toBeCloseTo(0.3 * 1080, 6);
    expect(layout.box.top + layout.box.height / 2).toBeCloseTo(0.6 * 1920, 6);
    expect(layout.box.width).toBeCloseTo(Math.max(...layout.lines.map((line) => line.width)), 6);
    expect(layout.box.height).toBeCloseTo(2 * layout.lineBox, 6);
    const [wide, narrow] = layout.lines;
    expect(narrow!.left + narrow!.width).toBeCloseTo(wide!.left + wide!.width, 6);
    expect(narrow!.width).toBeLessThan(wide!.width);
    expect(narrow!.baseline - wide!.baseline).toBeCloseTo(layout.lineBox, 6);
  });

  it('keeps typed line feeds (CR LF and blank lines too) before wrapping', () => {
    expect(overlayLineTexts(context(), overlay({ text: 'ONE\nTWO\r\nTHREE\n\nFIVE' }), FULL_HD)).toEqual(['ONE', 'TWO', 'THREE', '', 'FIVE']);
  });

  it('breaks a word wider than the box between graphemes, never inside one', () => {
    const word = 'SUPERCALIFRAGILISTICEXPIALIDOCIOUS';
    const lines = overlayLineTexts(context(), overlay({ text: word, boxWidth: 30, fontSize: 100 }), FULL_HD);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(word);
    const ctx = context();
    ctx.font = layoutOverlay(ctx, overlay({ text: word, boxWidth: 30, fontSize: 100 }), FULL_HD).font;
    for (const line of lines) expect(ctx.measureText(line).width).toBeLessThanOrEqual(0.3 * 1080 * 1 + 0.5);

    const thumbs = '👍🏽'.repeat(30);
    const emojiLines = overlayLineTexts(context(), overlay({ text: thumbs, boxWidth: 20, fontSize: 100 }), FULL_HD);
    expect(emojiLines.length).toBeGreaterThan(1);
    expect(emojiLines.join('')).toBe(thumbs);
    for (const line of emojiLines) expect(splitGraphemes(line).every((grapheme) => grapheme === '👍🏽')).toBe(true);
  });

  it('drops control characters the editor does not show', () => {
    expect(overlayLineTexts(context(), overlay({ text: 'A\u0007B' }), FULL_HD)).toEqual(['AB']);
  });

  it('lays out a right-to-left line right to left', () => {
    expect(textDirection('שלום world')).toBe('rtl');
    expect(textDirection('123 مرحبا')).toBe('rtl');
    expect(textDirection('Hello مرحبا')).toBe('ltr');
    const layout = layoutOverlay(context(), overlay({ text: 'مرحبا\nHELLO' }), FULL_HD);
    expect(layout.lines.map((line) => line.direction)).toEqual(['rtl', 'ltr']);
  });
});
