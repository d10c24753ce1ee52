import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTextOverlay, type TextOverlay } from '../editor-state.ts';
import { FONT_FACES } from '../fonts.ts';
import { drawOverlay, drawWatermark, overlayInkBox, overlayPaint, watermarkLayout } from './draw-overlay.ts';
import { layoutOverlay } from './overlay-layout.ts';
import type { LayerFactory } from './text-context.ts';

function fontPath(npmPath: string): string {
  return decodeURIComponent(new URL(import.meta.resolve(npmPath)).pathname);
}

beforeAll(() => {
  GlobalFonts.registerFromPath(fontPath('@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf'), FONT_FACES.Anton.cssFamily);
  GlobalFonts.registerFromPath(
    fontPath('@expo-google-fonts/montserrat/800ExtraBold/Montserrat_800ExtraBold.ttf'),
    FONT_FACES.Montserrat.cssFamily,
  );
});

const FRAME = { width: 360, height: 640 };
const layers: LayerFactory = (width, height) => {
  const canvas = createCanvas(width, height);
  return { ctx: canvas.getContext('2d'), image: canvas };
};

function overlay(changes: Partial<TextOverlay> = {}): TextOverlay {
  return {
    ...newTextOverlay('o1', 10),
    text: 'HELLO',
    fontFamily: 'Anton',
    fontSize: 120,
    color: '#FF0000',
    outline: { color: '#0000FF', thickness: 6 },
    start: 1,
    end: 3,
    ...changes,
  };
}

/** Draws at `t` and returns RGBA pixels of the whole frame. */
function draw(text: TextOverlay, t: number): Uint8ClampedArray {
  const canvas = createCanvas(FRAME.width, FRAME.height);
  drawOverlay(canvas.getContext('2d'), text, FRAME, t, layers);
  return canvas.getContext('2d').getImageData(0, 0, FRAME.width, FRAME.height).data;
}

function painted(pixels: Uint8ClampedArray): number {
  let count = 0;
  for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) count += 1;
  return count;
}

/** The most common colour among fully covered pixels of the fill's red, as [r, g, b, a]. */
function fillPixels(pixels: Uint8ClampedArray): number[][] {
  const found: number[][] = [];
  for (let index = 0; index < pixels.length; index += 4) {
    const [r, g, b, a] = [pixels[index]!, pixels[index + 1]!, pixels[index + 2]!, pixels[index + 3]!];
    if (r > 200 && g === 0 && b === 0) found.push([r, g, b, a]);
  }
  return found;
}

describe('drawOverlay', () => {
  it('draws nothing outside the overlay time and the text inside it', () => {
    expect(painted(draw(overlay(), 0.99))).toBe(0);
    expect(painted(draw(overlay(), 3))).toBe(0);
    const shown = draw(overlay(), 2);
    expect(painted(shown)).toBeGreaterThan(1000);
    expect(fillPixels(shown).length).toBeGreaterThan(500);
  });

  // Right to left: Skia's measureText puts an rtl line's bounding box about 100,000 px to the left (a
  // layout width of its own), which made the export draw layers that wide and fail on long captions.
  it.each(['HELLO\nWORLD', 'שלום\nעולם'])('keeps every drawn pixel inside an ink box no wider than the frame: %s', (typed) => {
    const text = overlay({ text: typed });
    const ctx = createCanvas(1, 1).getContext('2d');
    const ink = overlayInkBox(ctx, layoutOverlay(ctx, text, FRAME), overlayPaint(text));
    expect(ink.width).toBeLessThanOrEqual(FRAME.width);
    const pixels = draw(text, 2);
    let outside = 0;
    for (let y = 0; y < FRAME.height; y += 1) {
      for (let x = 0; x < FRAME.width; x += 1) {
        const inside = x >= ink.left && x < ink.left + ink.width && y >= ink.top && y < ink.top + ink.height;
        if (!inside && pixels[(y * FRAME.width + x) * 4 + 3]! > 0) outside += 1;
      }
    }
    expect(painted(pixels)).toBeGreaterThan(1000);
    expect(outside).toBe(0);
  });

  it('fades the overlay as one layer: at mid-fade the fill is half transparent and still pure red', () => {
    const fading = draw(overlay({ enter: { kind: 'fade', duration: 1 } }), 1.5);
    const fill = fillPixels(fading);
    expect(fill.length).toBeGreaterThan(500);
    // Drawn with globalAlpha on each paint, the fill over the outline would add up to 75 % where they overlap.
    let mostOpaque = 0;
    for (let index = 3; index < fading.length; index += 4) mostOpaque = Math.max(mostOpaque, fading[index]!);
    expect(mostOpaque).toBeLessThanOrEqual(129);
    const alphas = fill.map(([, , , alpha]) => alpha!).sort((a, b) => a - b);
    expect(alphas[Math.floor(alphas.length / 2)]).toBeGreaterThanOrEqual(126);
  });

  it('types the text in: fewer pixels at mid-entrance than when the text is whole', () => {
    const typing = overlay({ enter: { kind: 'typewriter', duration: 1 } });
    const [half, whole] = [painted(draw(typing, 1.5)), painted(draw(typing, 2.5))];
    expect(half).toBeGreaterThan(0.2 * whole);
    expect(half).toBeLessThan(0.8 * whole);
  });
});

describe('drawWatermark', () => {
  it('draws the mark in the bottom-right corner, 80 % opaque', () => {
    const canvas = createCanvas(FRAME.width, FRAME.height);
    const ctx = canvas.getContext('2d');
    drawWatermark(ctx, FRAME, layers);
    const layout = watermarkLayout(ctx, FRAME);
    expect(layout.box.left + layout.box.width).toBeCloseTo(FRAME.width - 36 / 3, 6);
    expect(layout.box.top + layout.box.height).toBeCloseTo(FRAME.height - 44 / 3, 6);
    const pixels = ctx.getImageData(0, 0, FRAME.width, FRAME.height).data;
    const alphas = new Set<number>();
    for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) alphas.add(pixels[index]!);
    expect(Math.max(...alphas)).toBe(204);
  });
});
