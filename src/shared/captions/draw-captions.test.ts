import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../editor/text/overlay-layout.ts';
import { FONT_FACES } from '../editor/fonts.ts';
import { CAPTION_PRESETS, type CaptionLine, type CaptionStyle } from './caption-track.ts';
import { drawCaptions, layoutCaption } from './draw-captions.ts';

beforeAll(() => {
  const file = decodeURIComponent(new URL(import.meta.resolve('@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf')).pathname);
  GlobalFonts.registerFromPath(file, FONT_FACES.Anton.cssFamily);
});

const FRAME: Frame = { width: 360, height: 640 };
const GOLD = [255, 215, 0];
const WHITE = [255, 255, 255];
const word = (text: string, start: number, end: number, emphasis = false) => ({ text, start, end, emphasis });
const LINE: CaptionLine = { id: 'l1', words: [word('make', 1, 1.4), word('it', 1.4, 1.6), word('pop', 1.6, 2.2)] };

function style(changes: Partial<CaptionStyle> = {}): CaptionStyle {
  return { ...CAPTION_PRESETS[0]!.style, fontFamily: 'Anton', outline: { color: '#000000', thickness: 0 }, ...changes };
}

function render(captionStyle: CaptionStyle, t: number, line = LINE, frame = FRAME) {
  const canvas = createCanvas(frame.width, frame.height);
  const ctx = canvas.getContext('2d');
  drawCaptions(ctx, { lines: [line], style: captionStyle }, frame, t);
  const layout = layoutCaption(ctx, line.words, captionStyle, frame);
  const pixels = ctx.getImageData(0, 0, frame.width, frame.height).data;
  /** Pixels of this colour (within 10 per channel, opaque) in the word's box. */
  const count = (index: number, rgb: number[]) => {
    const placed = layout.words[index]!;
    let n = 0;
    for (let y = Math.floor(placed.baseline - layout.fontSize); y < placed.baseline + layout.fontSize * 0.3; y += 1) {
      for (let x = Math.floor(placed.left); x < placed.left + placed.width; x += 1) {
        const at = (y * frame.width + x) * 4;
        if (pixels[at + 3]! > 250 && rgb.every((value, c) => Math.abs(pixels[at + c]! - value) <= 10)) n += 1;
      }
    }
    return n;
  };
  return { count, layout, pixels };
}

describe('drawCaptions', () => {
  it('karaoke: the whole line, the spoken word in the highlight colour and the others in the base colour', () => {
    const { count } = render(style({ look: 'karaoke' }), 1.45);
    expect(count(1, GOLD)).toBeGreaterThan(20);
    expect(count(0, GOLD)).toBe(0);
    expect(count(2, GOLD)).toBe(0);
    expect(count(0, WHITE)).toBeGreaterThan(20);
    expect(count(2, WHITE)).toBeGreaterThan(20);
  });

  it('pop: a word appears only once it is spoken; plain: no highlight, an emphasised word in its colour', () => {
    const pop = render(style({ look: 'pop', highlightColor: '#FFD700' }), 1.45);
    expect(pop.count(1, GOLD) + pop.count(1, WHITE)).toBeGreaterThan(20);
    expect(pop.count(2, WHITE) + pop.count(2, GOLD)).toBe(0);
    const emphasised = { ...LINE, words: LINE.words.map((spoken, index) => ({ ...spoken, emphasis: index === 2 })) };
    const plain = render(style({ look: 'plain', emphasisColor: '#22C55E' }), 1.45, emphasised);
    expect(plain.count(1, GOLD)).toBe(0);
    expect(plain.count(1, WHITE)).toBeGreaterThan(20);
    expect(plain.count(2, [34, 197, 94])).toBeGreaterThan(20);
    expect(plain.count(2, WHITE)).toBe(0);
  });

  it('one word: only the spoken word, where the line’s position puts it', () => {
    const canvas = createCanvas(FRAME.width, FRAME.height);
    const ctx = canvas.getContext('2d');
    const oneWord = style({ look: 'word' });
    drawCaptions(ctx, { lines: [LINE], style: oneWord }, FRAME, 1.7);
    const alone = layoutCaption(ctx, [LINE.words[2]!], oneWord, FRAME, 2);
    expect(alone.words[0]!.left + alone.words[0]!.width / 2).toBeCloseTo(FRAME.width / 2, 5);
    const pixels = ctx.getImageData(0, 0, FRAME.width, FRAME.height).data;
    let left = FRAME.width;
    let right = 0;
    for (let index = 3; index < pixels.length; index += 4) {
      if (pixels[index]! === 0) continue;
      const x = ((index - 3) / 4) % FRAME.width;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
    expect(left).toBeGreaterThanOrEqual(Math.floor(alone.words[0]!.left) - 2);
    expect(right).toBeLessThanOrEqual(Math.ceil(alone.words[0]!.left + alone.words[0]!.width) + 2);
  });

  it('draws nothing before the first word or after the line is held', () => {
    for (const t of [0.99, 2.7]) expect(render(style(), t).pixels.some((value, index) => index % 4 === 3 && value > 0), `t=${String(t)}`).toBe(false);
  });

  it('boxed: a box behind the row, past both its ends', () => {
    const { layout, pixels } = render(style({ look: 'boxed', background: null }), 1.45);
    const row = layout.rows[0]!;
    const probe = (x: number) => pixels[(Math.round(row.top + layout.lineBox / 2) * FRAME.width + Math.round(x)) * 4 + 3]!;
    expect(probe(row.left - 2)).toBeGreaterThan(150);
    expect(probe(row.left + row.width + 2)).toBeGreaterThan(150);
    expect(probe(row.left - layout.fontSize)).toBe(0);
  });

  it('wraps a line the same way on a preview and on a 1080x1920 export, every word where the scale puts it', () => {
    const narrow = style({ boxWidth: 20, fontSize: 90 });
    const canvas = createCanvas(10, 10);
    const small = layoutCaption(canvas.getContext('2d'), LINE.words, narrow, FRAME);
    const large = layoutCaption(canvas.getContext('2d'), LINE.words, narrow, { width: 1080, height: 1920 });
    expect(small.rows.length).toBeGreaterThan(1);
    expect(large.rows.length).toBe(small.rows.length);
    for (const [index, placed] of small.words.entries()) {
      expect(Math.abs(large.words[index]!.left - placed.left * 3)).toBeLessThan(3);
      expect(Math.abs(large.words[index]!.baseline - placed.baseline * 3)).toBeLessThan(3);
    }
  });
});
