import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ColorGrading, type EditorState, type TextOverlay, defaultEditorState, newTextOverlay } from '../../../shared/editor/editor-state.ts';
import type { VisualEffect } from '../../../shared/editor/editor-constants.ts';
import { cssFilter, referenceScale } from '../../../shared/editor/looks.ts';
import { overlayFont } from '../../../shared/editor/text/overlay-layout.ts';
import type { FfmpegBinaries } from '../ffmpeg-binaries.ts';
import { runFfmpeg } from '../ffmpeg-runner.ts';
import { applyCssColorFilters, parseCssFilter } from './css-color-math.ts';
import { registerCanvasFonts } from './canvas-fonts.ts';
import type { ExportSpec } from './export-spec.ts';
import { renderExport } from './render-export.ts';
import { testFfmpegOn } from '../../test-support/test-ffmpeg.ts';

let binaries: FfmpegBinaries;
let dir: string;
const file = (name: string) => path.join(dir, name);

interface Frame {
  width: number;
  height: number;
  rgb: Buffer;
}
type Rgb = [number, number, number];

/** The source clips made so far, by file and recipe: tests that share a picture share its clip. */
const sourceClips = new Map<string, Promise<string>>();

/** A stored-style clip: H.264 yuv420p (untagged, BT.709 limited) + AAC, of one colour or of the test pattern; made once per build. */
function sourceClip(name: string, size: string, picture: string, seconds = 0.3): Promise<string> {
  const output = file(name);
  const key = [output, size, picture, seconds].join('|');
  let made = sourceClips.get(key);
  if (!made) {
    if ([...sourceClips.keys()].some((other) => other.startsWith(`${output}|`))) throw new Error(`${name} is already another clip`);
    made = makeSourceClip(output, size, picture, seconds);
    sourceClips.set(key, made);
  }
  return made;
}

async function makeSourceClip(output: string, size: string, picture: string, seconds: number): Promise<string> {
  await runFfmpeg(binaries, [
    '-f', 'lavfi', '-i', `${picture}${picture.includes('=') ? ':' : '='}s=${size}:r=10:d=${seconds},format=rgb24`,
    '-f', 'lavfi', '-i', `sine=f=330:r=48000:d=${seconds}`,
    '-vf', 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-c:a', 'aac', '-t', String(seconds), output,
  ]);
  return output;
}

/** One frame decoded the way Chromium decodes our files: BT.709, limited range, to 8-bit RGB. */
async function frameAt(media: string, atSeconds: number): Promise<Frame> {
  // As a binary PPM: its header gives the size, so no ffprobe run is needed.
  const ppm = file(`${path.basename(media)}-${atSeconds}.ppm`);
  await runFfmpeg(binaries, [
    '-ss', String(atSeconds), '-i', media, '-frames:v', '1',
    '-vf', 'scale=in_color_matrix=bt709:in_range=tv:flags=accurate_rnd+full_chroma_int,format=rgb24',
    '-c:v', 'ppm', '-f', 'image2', ppm,
  ]);
  const bytes = await fs.readFile(ppm);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.toString('latin1', 0, 32));
  if (!header) throw new Error(`${ppm} is not a binary PPM`);
  return { width: Number(header[1]), height: Number(header[2]), rgb: bytes.subarray(header[0].length) };
}

function pixel(frame: Frame, x: number, y: number): Rgb {
  const i = (y * frame.width + x) * 3;
  return [frame.rgb[i] ?? 0, frame.rgb[i + 1] ?? 0, frame.rgb[i + 2] ?? 0];
}

/** The box around pixels brighter than `threshold` (white text on black) inside an optional region. */
function inkBox(frame: Frame, threshold = 100, region = { top: 0, bottom: frame.height }) {
  let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity;
  for (let y = region.top; y < region.bottom; y++) {
    for (let x = 0; x < frame.width; x++) {
      if (Math.max(...pixel(frame, x, y)) > threshold) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return { left, right, top, bottom };
}

const spec = (overrides: Partial<ExportSpec> = {}): ExportSpec => ({
  resolution: '720p',
  format: 'mp4',
  quality: 'high',
  watermark: false,
  ...overrides,
});

async function exportOf(source: string, name: string, editorState: EditorState, overrides: Partial<ExportSpec> = {}): Promise<string> {
  const outputFile = file(name);
  await renderExport(binaries, { sourceFiles: new Map([['clip', source]]), outputFile, editorState, spec: spec(overrides) });
  return outputFile;
}

const plain = (overrides: Partial<EditorState> = {}): EditorState => ({ ...defaultEditorState('clip', 0.3), ...overrides });
const grade = (brightness: number, contrast: number, saturation: number): ColorGrading => ({ brightness, contrast, saturation });
const overlay = (fields: Partial<TextOverlay>): TextOverlay => ({
  ...newTextOverlay('t', 8),
  outline: { color: '#000000', thickness: 0 },
  ...fields,
});

/** How long each case's overlay shows alone in an export that several cases share. */
const CASE_SECONDS = 0.2;

/**
 * One export shared by several cases (made on the first's call): case i's overlay alone on black in
 * [i, i + 1) x CASE_SECONDS. Answers case i's frame, from the middle of its time. Call once per build.
 */
function sharedExport(name: string, overlays: TextOverlay[]): (index: number) => Promise<Frame> {
  let exported: Promise<string> | undefined;
  const seconds = overlays.length * CASE_SECONDS;
  const make = async () => {
    const source = await sourceClip(`black-${seconds}s.mp4`, '90x160', 'color=c=black', seconds);
    const textOverlays = overlays.map((fields, i) => ({ ...fields, id: `case-${i}`, start: i * CASE_SECONDS, end: (i + 1) * CASE_SECONDS }));
    return exportOf(source, `${name}.mp4`, { ...defaultEditorState('clip', seconds), textOverlays });
  };
  return async (index) => frameAt(await (exported ??= make()), (index + 0.5) * CASE_SECONDS);
}

/** Abramowitz and Stegun 7.1.26, good to 1.5e-7. */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return Math.sign(x) * (1 - poly * Math.exp(-x * x));
}

/** Skia's measure of a text in an overlay's font (and fallbacks) at a size in output px. */
function measure(fontFamily: TextOverlay['fontFamily'], fontSize: number, text: string) {
  registerCanvasFonts();
  const ctx = createCanvas(1, 1).getContext('2d');
  ctx.font = overlayFont(fontFamily, fontSize);
  return ctx.measureText(text);
}

/** The ink's width as measured: what the glyphs cover from the leftmost to the rightmost pixel. */
function measuredInk(metrics: ReturnType<typeof measure>): number {
  return metrics.actualBoundingBoxLeft + metrics.actualBoundingBoxRight;
}

/** How many separate runs of inked columns a frame region holds (glyphs or joined groups of them). */
function inkRuns(frame: Frame, region: { top: number; bottom: number }, threshold = 100): number {
  let runs = 0;
  let inked = false;
  for (let x = 0; x < frame.width; x++) {
    let column = false;
    for (let y = region.top; y < region.bottom && !column; y++) column = Math.max(...pixel(frame, x, y)) > threshold;
    if (column && !inked) runs++;
    inked = column;
  }
  return runs;
}

const builds = [
  ['the system ffmpeg', process.env.PATH],
  ['the npm-shipped ffmpeg 4.1', '/nonexistent'],
] as const;

describe.each(builds)('export pixels with %s', (_build, searchPath) => {
  beforeAll(async () => {
    binaries = await testFfmpegOn(searchPath);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-pixels-test-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  describe('colour matches the CSS maths applied to the source colour', () => {
    const cases: Array<[string, VisualEffect, ColorGrading]> = [
      ['0x3366CC', 'grayscale', grade(100, 100, 100)],
      ['0x3366CC', 'sepia', grade(100, 100, 100)],
      ['0x3366CC', 'none', grade(100, 100, 150)],
      ['0x3366CC', 'none', grade(120, 100, 100)],
      ['0x3366CC', 'none', grade(100, 80, 100)],
      ['0x3366CC', 'vintage', grade(100, 100, 100)],
      ['0x3366CC', 'vintage', grade(130, 140, 180)],
      ['0xF0C020', 'vintage', grade(130, 140, 180)],
    ];
    it.each(cases)('%s with %s and %o', async (colour, effect, colorGrading) => {
      const source = await sourceClip(`flat-${colour}.mp4`, '160x90', `color=c=${colour}`);
      const before = pixel(await frameAt(source, 0.1), 80, 45);
      const output = await exportOf(source, `flat-${colour}-${effect}-${Object.values(colorGrading).join('-')}.mp4`, plain({ visualEffect: effect, colorGrading }));
      const after = await frameAt(output, 0.1);
      const functions = parseCssFilter(cssFilter(colorGrading, effect, referenceScale(after.width, after.height)));
      const expected = applyCssColorFilters(functions, [before[0] / 255, before[1] / 255, before[2] / 255]).map((c) => c * 255);
      const got = pixel(after, 640, 360);
      got.forEach((channel, i) => expect(Math.abs(channel - (expected[i] as number))).toBeLessThanOrEqual(3));
    });
  });

  it('blurs like CSS blur on the <video>: the middle keeps its colour, the edges fade into the black around it', async () => {
    const source = await sourceClip('flat-blur.mp4', '160x90', 'color=c=0xE0E0E0');
    const after = await frameAt(await exportOf(source, 'flat-blur-out.mp4', plain({ visualEffect: 'blur' })), 0.1);
    const level = pixel(after, 640, 360)[1];
    expect(level).toBeGreaterThan(215);
    // The Gaussian's weight that falls inside the frame: at the first row's centre, half a pixel in,
    // Phi(0.5 / sigma) of it across an edge, and that squared in a corner (sigma = 8 x 720/1080).
    const inside = 0.5 * (1 + erf(0.5 / (5.33 * Math.SQRT2)));
    expect(Math.abs(pixel(after, 640, 0)[1] / level - inside)).toBeLessThan(0.04);
    expect(Math.abs(pixel(after, 0, 0)[1] / level - inside * inside)).toBeLessThan(0.04);
  });

  describe('text lands where the preview puts it', () => {
    // Ink boxes Chromium 156 paints for the same overlays in the preview's CSS on a 720x1280 frame.
    const cases: Array<[string, Partial<TextOverlay>, { left: number; right: number; top: number; bottom: number }, number]> = [
      ['a centred line at (50%, 20%)', { text: 'Hello World', position: { x: 50, y: 20 } }, { left: 289, right: 430, top: 241, bottom: 268 }, 1],
      [
        'right-aligned lines',
        { text: 'Short\nA much longer line', textAlign: 'right', fontSize: 40, lineHeight: 1, position: { x: 55, y: 45 } },
        { left: 296, right: 495, top: 550, bottom: 602 },
        1,
      ],
      [
        // Kerned as the browser kerns it ('AV', 'WA'): ffmpeg's drawtext ran 3 px past Chromium's right edge here.
        'left-aligned lines with descenders and line height 1.5',
        { text: 'AVATAR WAVY\nqp gj\nMid line', textAlign: 'left', fontSize: 72, lineHeight: 1.5, position: { x: 40, y: 60 } },
        { left: 168, right: 408, top: 674, bottom: 859 },
        1,
      ],
    ];
    const frameOf = sharedExport('text-positions', cases.map(([, fields]) => overlay(fields)));
    it.each(cases)('%s', async (name, fields, chromium, tolerance) => {
      const ink = inkBox(await frameOf(cases.findIndex(([other]) => other === name)));
      for (const edge of ['left', 'right', 'top', 'bottom'] as const) {
        expect(Math.abs(ink[edge] - chromium[edge]), `${edge} at ${ink[edge]}`).toBeLessThanOrEqual(tolerance);
      }
      if (fields.position?.y === 20) {
        expect(Math.abs((ink.left + ink.right) / 2 - 360)).toBeLessThan(0.02 * 720);
        expect(Math.abs((ink.top + ink.bottom) / 2 - 256)).toBeLessThan(0.02 * 1280);
      }
    });
  });

  describe('text is shaped as the browser shapes it', () => {
    const white = (fields: Partial<TextOverlay>) => overlay({ color: '#FFFFFF', position: { x: 50, y: 50 }, fontSize: 120, ...fields });
    const texts = {
      kerning: { text: 'AVATAR WAVE', fontFamily: 'Bebas Neue' },
      ligatures: { text: 'ffl ffi ffl ffi', fontFamily: 'Lobster' },
      emoji: { text: '🎉🌈' },
      'missing-glyphs': { text: '\u0378\u0378\u0378\u0378\u0378' },
      arabic: { text: 'مرحبا' },
    } satisfies Record<string, Partial<TextOverlay>>;
    const frameAtCase = sharedExport('shaping', Object.values(texts).map(white));
    const frameOf = (name: keyof typeof texts) => frameAtCase(Object.keys(texts).indexOf(name));

    it("kerns Bebas Neue: 'AVATAR WAVE' is as wide as Skia measures it, not as wide as its unkerned glyphs", async () => {
      const ink = inkBox(await frameOf('kerning'));
      const kerned = measuredInk(measure('Bebas Neue', 80, 'AVATAR WAVE'));
      const unkerned = [...'AVATAR WAVE'].reduce((sum, letter) => sum + measure('Bebas Neue', 80, letter).width, 0);
      expect(kerned).toBeLessThan(unkerned - 10);
      expect(Math.abs(ink.right + 1 - ink.left - kerned)).toBeLessThanOrEqual(2);
    });

    it("joins Lobster's ligatures", async () => {
      // Lobster's ffi and ffl ligatures are narrower than their letters set apart: 10 px here at 80 px.
      const { text } = texts.ligatures;
      const ink = inkBox(await frameOf('ligatures'));
      const joined = measuredInk(measure('Lobster', 80, text));
      // A zero-width non-joiner between letters is how a text asks the shaper for no ligature there.
      const apart = measuredInk(measure('Lobster', 80, [...text].join('\u200C')));
      expect(Math.abs(apart - joined)).toBeGreaterThan(6);
      expect(Math.abs(ink.right + 1 - ink.left - joined)).toBeLessThanOrEqual(2);
    });

    it('draws emoji in colour from the bundled emoji font', async () => {
      const frame = await frameOf('emoji');
      let coloured = 0;
      for (let y = 0; y < frame.height; y++) {
        for (let x = 0; x < frame.width; x++) {
          const [r, g, b] = pixel(frame, x, y);
          if (Math.max(r, g, b) - Math.min(r, g, b) > 100) coloured++;
        }
      }
      expect(coloured).toBeGreaterThan(1000);
    });

    it('draws Arabic joined, not as missing-glyph boxes', async () => {
      const band = { top: 560, bottom: 720 };
      const missing = await frameOf('missing-glyphs');
      expect(inkRuns(missing, band)).toBe(5); // one box per missing glyph
      const arabic = await frameOf('arabic');
      const ink = inkBox(arabic);
      expect(ink.right - ink.left).toBeGreaterThan(100);
      expect(inkRuns(arabic, band)).toBeLessThanOrEqual(3); // م-ر and ح-ب-ا join
      expect(Math.abs(ink.right + 1 - ink.left - measuredInk(measure('Impact', 80, 'مرحبا')))).toBeLessThanOrEqual(2);
    });
  });

  describe('timed and animated text', () => {
    const clip = () => sourceClip('black-timed.mp4', '90x160', 'color=c=black', 0.6);

    it('shows an overlay only inside its time range', async () => {
      const text = overlay({ text: 'NOW', color: '#FFFFFF', fontSize: 120, start: 0.2, end: 0.4 });
      const output = await exportOf(await clip(), 'timed.mp4', { ...defaultEditorState('clip', 0.6), textOverlays: [text] });
      const inked = async (at: number) => inkBox(await frameAt(output, at)).right >= 0;
      expect(await inked(0.1)).toBe(false);
      expect(await inked(0.2)).toBe(true);
      expect(await inked(0.3)).toBe(true);
      expect(await inked(0.4)).toBe(false);
    });

    it('fades in: half way through the entrance the text is at half opacity', async () => {
      const text = overlay({ text: 'FADE', color: '#FFFFFF', fontSize: 120, start: 0, end: 0.6, enter: { kind: 'fade', duration: 0.4 } });
      const output = await exportOf(await clip(), 'fade.mp4', { ...defaultEditorState('clip', 0.6), textOverlays: [text] });
      // The level most lit pixels have: the text's inside (its edges are fewer, and the encoder rings there).
      const textLevel = async (at: number) => {
        const frame = await frameAt(output, at);
        const counts = new Map<number, number>();
        for (let i = 1; i < frame.rgb.length; i += 3) {
          const level = frame.rgb[i] ?? 0;
          if (level > 32) counts.set(level, (counts.get(level) ?? 0) + 1);
        }
        return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
      };
      expect(Math.abs((await textLevel(0.1)) - 64)).toBeLessThanOrEqual(3);
      expect(Math.abs((await textLevel(0.2)) - 128)).toBeLessThanOrEqual(3);
      expect(await textLevel(0.5)).toBeGreaterThan(250);
    });
  });

  it('differs with and without the watermark only in the bottom-right corner', async () => {
    const source = await sourceClip('pattern.mp4', '90x160', 'testsrc2');
    const state = plain({ textOverlays: [overlay({ text: 'Same text', position: { x: 50, y: 50 } })] });
    const free = await frameAt(await exportOf(source, 'free.mp4', state, { watermark: true }), 0.1);
    const pro = await frameAt(await exportOf(source, 'pro.mp4', state, { watermark: false }), 0.1);
    let inside = 0;
    let outside = 0;
    for (let y = 0; y < free.height; y++) {
      for (let x = 0; x < free.width; x++) {
        const a = pixel(free, x, y);
        const b = pixel(pro, x, y);
        if (Math.max(...a.map((c, i) => Math.abs(c - (b[i] as number)))) <= 24) continue;
        // 36 and 44 reference px from the right and bottom, 30 px tall: within 45% x 10% of the corner.
        if (x > free.width * 0.55 && y > free.height * 0.9) inside++;
        else outside++;
      }
    }
    expect(inside).toBeGreaterThan(300);
    expect(outside).toBe(0);
  });

  it('draws hostile overlay text literally', async () => {
    const source = await sourceClip('black.mp4', '90x160', 'color=c=black');
    const hostile = `It's "q": C:\\a\\b [x], y; z=1 %{pts} %% \\n 100% 🎉`;
    const state = plain({
      textOverlays: [
        overlay({ text: hostile, textAlign: 'left', fontSize: 30, position: { x: 50, y: 10 } }),
        overlay({ text: "line 'one'\n%{localtime}\n\\", fontSize: 40, lineHeight: 2, position: { x: 50, y: 60 } }),
      ],
    });
    const output = await exportOf(source, 'hostile.mp4', state);
    const first = await frameAt(output, 0);
    const later = await frameAt(output, 0.2);
    // With expansion %{pts} would print the time, which changes from frame to frame; only coding noise may.
    let changed = 0;
    for (let i = 0; i < first.rgb.length; i++) if (Math.abs((first.rgb[i] ?? 0) - (later.rgb[i] ?? 0)) > 64) changed++;
    expect(changed).toBe(0);

    // Every character is drawn: the line is as wide as Skia's advances for exactly this text.
    const advances = measure('Impact', 20, hostile).width; // 30 x 720/1080
    const line = inkBox(first, 100, { top: 0, bottom: 400 });
    expect(line.right - line.left).toBeGreaterThan(advances * 0.95);
    expect(line.right - line.left).toBeLessThan(advances * 1.02);

    // The second overlay is three lines (the last a lone backslash): three bands of ink with gaps between.
    let bands = 0;
    let lastInkedRow = -Infinity;
    for (let y = 400; y < 1280; y++) {
      if (inkBox(first, 100, { top: y, bottom: y + 1 }).right < 0) continue;
      if (y - lastInkedRow > 10) bands++;
      lastInkedRow = y;
    }
    expect(bands).toBe(3);
  });
});
