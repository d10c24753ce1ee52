import type { Frame } from '../editor/text/overlay-layout.ts';
import { overlayFont, textDirection } from '../editor/text/overlay-layout.ts';
import type { TextDrawingContext } from '../editor/text/text-context.ts';
import { referenceScale } from '../editor/looks.ts';
import {
  BOXED_BACKGROUND,
  type CaptionLine,
  type CaptionStyle,
  type CaptionTrack,
  type CaptionWord,
  POP_SECONDS,
  POP_START_SCALE,
  lineAt,
  shownText,
  spokenWordIndex,
} from './caption-track.ts';

/** Rows are this many font sizes apart. */
const CAPTION_LINE_HEIGHT = 1.2;
/** The background box reaches this many font sizes past a row's ends. */
const BOX_PADDING = 0.25;

interface PlacedWord {
  /** The word's index in its caption line. */
  index: number;
  text: string;
  left: number;
  baseline: number;
  width: number;
}

export interface CaptionLayout {
  /** Frame px per reference px (short side 1080). */
  scale: number;
  font: string;
  fontSize: number;
  lineBox: number;
  rows: Array<{ left: number; top: number; width: number }>;
  words: PlacedWord[];
}

/**
 * Rows of a caption line's words: where it wraps is decided on the reference frame at the reference size (as
 * overlays do), so a preview and a 4K export break the line alike; each row is centred on the style's position.
 */
export function layoutCaption(ctx: TextDrawingContext, words: readonly CaptionWord[], style: CaptionStyle, frame: Frame, firstIndex = 0): CaptionLayout {
  const scale = referenceScale(frame.width, frame.height);
  const texts = words.map((word) => shownText(word, style));
  ctx.save();
  ctx.direction = 'ltr';
  ctx.font = overlayFont(style.fontFamily, style.fontSize);
  const maxWidth = (style.boxWidth / 100) * (frame.width / scale);
  const referenceSpace = ctx.measureText(' ').width;
  const rowsOfWords: number[][] = [];
  let rowWidth = 0;
  for (const [index, text] of texts.entries()) {
    const width = ctx.measureText(text).width;
    const row = rowsOfWords[rowsOfWords.length - 1];
    if (row && rowWidth + referenceSpace + width <= maxWidth + 1e-6) {
      row.push(index);
      rowWidth += referenceSpace + width;
    } else {
      rowsOfWords.push([index]);
      rowWidth = width;
    }
  }
  const fontSize = style.fontSize * scale;
  const font = overlayFont(style.fontFamily, fontSize);
  ctx.font = font;
  const space = ctx.measureText(' ').width;
  const widths = texts.map((text) => ctx.measureText(text).width);
  // Rounded as Blink's FontMetrics does (overlay-layout.ts placeLines).
  const primary = ctx.measureText('M');
  ctx.restore();
  const ascent = Math.round(primary.fontBoundingBoxAscent);
  const descent = Math.round(primary.fontBoundingBoxDescent);
  const lineBox = CAPTION_LINE_HEIGHT * fontSize;
  const centre = { x: (style.position.x / 100) * frame.width, y: (style.position.y / 100) * frame.height };
  const top = centre.y - (rowsOfWords.length * lineBox) / 2;
  const rtl = textDirection(texts.join(' ')) === 'rtl';
  const rows: CaptionLayout['rows'] = [];
  const placed: PlacedWord[] = [];
  for (const [rowIndex, indexes] of rowsOfWords.entries()) {
    const width = indexes.reduce((sum, index) => sum + (widths[index] ?? 0), 0) + space * (indexes.length - 1);
    const row = { left: centre.x - width / 2, top: top + rowIndex * lineBox, width };
    rows.push(row);
    const baseline = row.top + (lineBox - (ascent + descent)) / 2 + ascent;
    let x = rtl ? row.left + width : row.left;
    for (const index of indexes) {
      const wordWidth = widths[index] ?? 0;
      if (rtl) x -= wordWidth;
      placed.push({ index: firstIndex + index, text: texts[index] ?? '', left: x, baseline, width: wordWidth });
      x += rtl ? -space : wordWidth + space;
    }
  }
  return { scale, font, fontSize, lineBox, rows, words: placed };
}

/** What a look shows of a line at `t`: its words, and which of them is spoken. */
function shownWords(line: CaptionLine, style: CaptionStyle, t: number): { words: readonly CaptionWord[]; firstIndex: number; spoken: number } | undefined {
  const spoken = spokenWordIndex(line, t);
  if (style.look !== 'word') return { words: line.words, firstIndex: 0, spoken };
  const word = line.words[spoken];
  return word ? { words: [word], firstIndex: spoken, spoken } : undefined;
}

function wordColor(word: CaptionWord, index: number, spoken: number, style: CaptionStyle): string {
  if (index === spoken && style.look !== 'plain' && style.look !== 'word') return style.highlightColor;
  return word.emphasis ? style.emphasisColor : style.color;
}

/** 0.7 → 1 over POP_SECONDS after the word starts, easing out. */
function popScale(word: CaptionWord, t: number): number {
  const progress = Math.min(1, Math.max(0, (t - word.start) / POP_SECONDS));
  return POP_START_SCALE + (1 - POP_START_SCALE) * (1 - (1 - progress) ** 2);
}

const layoutsOf = new WeakMap<readonly CaptionWord[], { key: string; layout: CaptionLayout }>();

/** The layout of these words, remembered while the words, the style and the frame stay the same. */
function cachedLayout(ctx: TextDrawingContext, words: readonly CaptionWord[], style: CaptionStyle, frame: Frame, firstIndex: number): CaptionLayout {
  const key = `${JSON.stringify(style)}|${String(frame.width)}x${String(frame.height)}|${String(firstIndex)}`;
  const known = layoutsOf.get(words);
  if (known?.key === key) return known.layout;
  const layout = layoutCaption(ctx, words, style, frame, firstIndex);
  if (style.look !== 'word') layoutsOf.set(words, { key, layout });
  return layout;
}

/**
 * Draws the captions as they appear at `t` seconds of the output: the line on screen, its background, and its
 * words in their colours (the spoken one highlighted), pop words scaling in. Preview and export both call this.
 */
export function drawCaptions(ctx: TextDrawingContext, track: Pick<CaptionTrack, 'lines' | 'style'>, frame: Frame, t: number): void {
  const found = lineAt(track.lines, t);
  if (!found) return;
  const { style } = track;
  const shown = shownWords(found.line, style, t);
  if (!shown) return;
  const layout = cachedLayout(ctx, shown.words, style, frame, shown.firstIndex);
  ctx.save();
  const background = style.background ?? (style.look === 'boxed' ? BOXED_BACKGROUND : null);
  if (background && background.opacity > 0) {
    ctx.globalAlpha = background.opacity;
    ctx.fillStyle = background.color;
    const padding = BOX_PADDING * layout.fontSize;
    for (const row of layout.rows) ctx.fillRect(row.left - padding, row.top, row.width + 2 * padding, layout.lineBox);
    ctx.globalAlpha = 1;
  }
  ctx.font = layout.font;
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.direction = 'ltr';
  ctx.lineJoin = 'round';
  const thickness = style.outline.thickness * layout.scale;
  for (const placed of layout.words) {
    const word = found.line.words[placed.index];
    if (!word || (style.look === 'pop' && placed.index > shown.spoken)) continue;
    ctx.save();
    const scale = style.look === 'pop' ? popScale(word, t) : 1;
    if (scale !== 1) {
      const centreX = placed.left + placed.width / 2;
      const centreY = placed.baseline - layout.fontSize * 0.35;
      ctx.translate(centreX, centreY);
      ctx.scale(scale, scale);
      ctx.translate(-centreX, -centreY);
    }
    if (thickness > 0) {
      ctx.strokeStyle = style.outline.color;
      ctx.lineWidth = 2 * thickness;
      ctx.strokeText(placed.text, placed.left, placed.baseline);
    }
    ctx.fillStyle = wordColor(word, placed.index, shown.spoken, style);
    ctx.fillText(placed.text, placed.left, placed.baseline);
    ctx.restore();
  }
  ctx.restore();
}
