import type { TextOverlay } from '../editor-state.ts';
import { overlayLines } from '../editor-state.ts';
import { overlayFontFamilies } from '../fonts.ts';
import type { Size } from '../frame-geometry.ts';
import { referenceScale } from '../looks.ts';
import type { TextDrawingContext } from './text-context.ts';

/** The frame text is laid out on: the preview's player or the export's picture, in pixels. */
export type Frame = Size;

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface LaidOutLine {
  text: string;
  /** The line's left edge, frame px (its right edge is left + width, whatever its direction). */
  left: number;
  /** The alphabetic baseline, frame px from the frame's top. */
  baseline: number;
  width: number;
  /** Right-to-left when its first strong character is (HTML's dir=auto). */
  direction: 'ltr' | 'rtl';
}

export interface OverlayLayout {
  /** Frame px per reference px (short side 1080). */
  scale: number;
  /** Frame px. */
  fontSize: number;
  /** The CSS font shorthand the lines are measured and drawn with. */
  font: string;
  /** Height of one line, frame px. */
  lineBox: number;
  /** The text box, frame px: centred on the overlay's position, as wide as its widest line. */
  box: Box;
  lines: LaidOutLine[];
}

/** Control characters other than tab would draw as missing-glyph boxes; the editor shows nothing for them. */
function visibleText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}

/** The CSS font shorthand for an overlay's face (and its fallbacks) at a size in px. */
export function overlayFont(fontFamily: TextOverlay['fontFamily'], fontSize: number): string {
  return `${fontSize}px ${overlayFontFamilies(fontFamily)}`;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function splitGraphemes(text: string): string[] {
  return Array.from(graphemes.segment(text), (part) => part.segment);
}

/** A word wider than the line: as many graphemes per line as fit (at least one). */
function breakWord(word: string, fits: (text: string) => boolean): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const grapheme of splitGraphemes(word)) {
    if (piece !== '' && !fits(piece + grapheme)) {
      pieces.push(piece);
      piece = grapheme;
    } else {
      piece += grapheme;
    }
  }
  pieces.push(piece);
  return pieces;
}

/** Greedy wrapping of one typed line at spaces; a word wider than the line breaks between graphemes. */
function wrapParagraph(paragraph: string, fits: (text: string) => boolean): string[] {
  const lines: string[] = [];
  let line: string | undefined;
  for (const word of paragraph.split(' ')) {
    const candidate = line === undefined ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== undefined) lines.push(line);
    if (fits(word)) {
      line = word;
    } else {
      const pieces = breakWord(word, fits);
      line = pieces.pop();
      lines.push(...pieces);
    }
  }
  lines.push(line ?? '');
  return lines;
}

/**
 * Where an overlay's text breaks: at typed line feeds, then wherever a line would grow wider than
 * `boxWidth` percent of the frame. Decided on the reference frame (short side 1080) at the reference
 * font size, so a 396-px preview and a 4K export break the text into the same lines.
 */
export function overlayLineTexts(ctx: TextDrawingContext, overlay: TextOverlay, frame: Frame): string[] {
  const scale = referenceScale(frame.width, frame.height);
  const maxWidth = (overlay.boxWidth / 100) * (frame.width / scale);
  ctx.save();
  ctx.font = overlayFont(overlay.fontFamily, overlay.fontSize);
  ctx.direction = 'ltr';
  const fits = (text: string): boolean => ctx.measureText(text).width <= maxWidth + 1e-6;
  const lines = overlayLines(visibleText(overlay.text)).flatMap((paragraph) => wrapParagraph(paragraph, fits));
  ctx.restore();
  return lines;
}

const RTL_STRONG = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const LETTER = /\p{L}/u;

/** HTML's dir=auto: the direction of the first strongly directional character (left to right if none). */
export function textDirection(text: string): 'ltr' | 'rtl' {
  for (const character of text) {
    if (RTL_STRONG.test(character)) return 'rtl';
    if (LETTER.test(character)) return 'ltr';
  }
  return 'ltr';
}

/**
 * Lines placed on a frame: a box of `lines.length` line boxes (each lineHeight x fontSize tall) whose
 * centre is `centre`, lines aligned inside it; each baseline sits where CSS puts it, half the leading
 * above the font's ascent.
 */
export function placeLines(
  ctx: TextDrawingContext,
  texts: string[],
  options: { font: string; fontSize: number; lineHeight: number; textAlign: TextOverlay['textAlign']; centre: { x: number; y: number }; scale: number },
): OverlayLayout {
  const { font, fontSize, lineHeight, textAlign, centre, scale } = options;
  ctx.save();
  ctx.font = font;
  const directions = texts.map(textDirection);
  const widths = texts.map((text, index) => {
    ctx.direction = directions[index] ?? 'ltr';
    return ctx.measureText(text).width;
  });
  ctx.direction = 'ltr';
  // The font's own ascent and descent (any text of the primary face gives them), rounded to whole
  // pixels as Blink's FontMetrics does: some Skia builds report them unrounded, and none for ''.
  const primary = ctx.measureText('M');
  ctx.restore();
  const lineBox = lineHeight * fontSize;
  const ascent = Math.round(primary.fontBoundingBoxAscent);
  const descent = Math.round(primary.fontBoundingBoxDescent);
  const width = Math.max(0, ...widths);
  const height = texts.length * lineBox;
  const box = { left: centre.x - width / 2, top: centre.y - height / 2, width, height };
  const lines = texts.map((text, index): LaidOutLine => {
    const lineWidth = widths[index] ?? 0;
    const offset = { left: 0, center: (width - lineWidth) / 2, right: width - lineWidth }[textAlign];
    return {
      text,
      left: box.left + offset,
      baseline: box.top + index * lineBox + (lineBox - (ascent + descent)) / 2 + ascent,
      width: lineWidth,
      direction: directions[index] ?? 'ltr',
    };
  });
  return { scale, fontSize, font, lineBox, box, lines };
}

/** DESIGN §5 Geometry for one overlay on a frame of this size (preview or export). */
export function layoutOverlay(ctx: TextDrawingContext, overlay: TextOverlay, frame: Frame): OverlayLayout {
  const scale = referenceScale(frame.width, frame.height);
  const fontSize = overlay.fontSize * scale;
  return placeLines(ctx, overlayLineTexts(ctx, overlay, frame), {
    font: overlayFont(overlay.fontFamily, fontSize),
    fontSize,
    lineHeight: overlay.lineHeight,
    textAlign: overlay.textAlign,
    centre: { x: (overlay.position.x / 100) * frame.width, y: (overlay.position.y / 100) * frame.height },
    scale,
  });
}
