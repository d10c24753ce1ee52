import { describe, expect, it } from 'vitest';
import { newTextOverlay } from '../../../shared/editor/editor-state.ts';
import { loadExportFont } from './export-fonts.ts';
import { lineWidth } from './font-metrics.ts';
import { baselineInLineBox, layoutOverlay, layoutWatermark, outlineWidth } from './text-layout.ts';

const anton = loadExportFont('anton.ttf');
const vertical720 = { width: 720, height: 1280 };

describe('baselineInLineBox', () => {
  it('rounds ascent and descent to pixels and floors the upper half-leading, as Blink does', () => {
    // Anton at 32 px: ascent 2409/2048 x 32 = 37.64 -> 38, descent 674/2048 x 32 = 10.53 -> 11.
    // line box 1.2 x 32 = 38.4: half-leading (38.4 - 49) / 2 = -5.3 -> floor -6; baseline 38 - 6 = 32.
    expect(baselineInLineBox(anton.metrics, 32, 38.4)).toBe(32);
    // line-height 2: (64 - 49) / 2 = 7.5 -> 7; baseline 45.
    expect(baselineInLineBox(anton.metrics, 32, 64)).toBe(45);
  });
});

describe('outlineWidth', () => {
  it('is thickness x scale outside the glyph, whole pixels, never rounded away', () => {
    expect(outlineWidth(3, 1)).toBe(3);
    expect(outlineWidth(3, 2 / 3)).toBe(2);
    expect(outlineWidth(1, 2 / 3)).toBe(1);
    expect(outlineWidth(0, 2)).toBe(0);
    expect(outlineWidth(5, 2)).toBe(10);
  });
});

describe('layoutOverlay', () => {
  it('centres a single line on its position, sized for the output (short side / 1080)', () => {
    const overlay = { ...newTextOverlay('a', 8), text: 'Hello World', position: { x: 50, y: 20 } };
    const [line, ...rest] = layoutOverlay(overlay, vertical720, anton);
    expect(rest).toEqual([]);
    // 48 reference px x 720/1080 = 32 px; box 38.4 tall centred on y = 256: top 236.8, baseline 236.8 + 32.
    expect(line).toMatchObject({ text: 'Hello World', fontSize: 32, anchor: 'center', x: 360, baseline: 269, outlineWidth: 2 });
    expect(line?.fontFile).toBe(anton.file);
  });

  it('stacks lines lineHeight x fontSize apart and keeps blank lines as space', () => {
    const overlay = { ...newTextOverlay('a', 8), text: 'one\n\nthree', lineHeight: 2, position: { x: 50, y: 50 } };
    const lines = layoutOverlay(overlay, vertical720, anton);
    expect(lines.map((line) => line.text)).toEqual(['one', 'three']);
    // box 3 x 64 = 192 centred on 640: top 544; baselines 544 + 45 and 544 + 128 + 45.
    expect(lines.map((line) => line.baseline)).toEqual([589, 717]);
  });

  it('aligns left and right within a box as wide as the widest line', () => {
    const text = 'A much longer line\nShort';
    const widest = lineWidth(anton.metrics, 'A much longer line', 32);
    const left = layoutOverlay({ ...newTextOverlay('a', 8), text, textAlign: 'left', position: { x: 50, y: 50 } }, vertical720, anton);
    expect(left.map((line) => [line.anchor, line.x])).toEqual([
      ['left', 360 - widest / 2],
      ['left', 360 - widest / 2],
    ]);
    const right = layoutOverlay({ ...newTextOverlay('a', 8), text, textAlign: 'right', position: { x: 50, y: 50 } }, vertical720, anton);
    expect(right.map((line) => [line.anchor, line.x])).toEqual([
      ['right', 360 + widest / 2],
      ['right', 360 + widest / 2],
    ]);
  });
});

describe('layoutWatermark', () => {
  it('puts a one-line box marginX/marginY in from the bottom-right corner', () => {
    const montserrat = loadExportFont('montserrat-extrabold.ttf');
    const line = layoutWatermark('Made with PromptReel', { width: 1080, height: 1920 }, montserrat);
    // 30 px Montserrat, line-height 1: ascent 968 x 0.03 = 29.04 -> 29, descent 7.53 -> 8;
    // half-leading (30 - 37) / 2 -> -4; box bottom 1920 - 44 = 1876, top 1846, baseline 1846 + 25.
    expect(line).toMatchObject({ anchor: 'right', x: 1080 - 36, baseline: 1871, fontSize: 30, opacity: 0.8, outlineWidth: 2 });
  });
});
