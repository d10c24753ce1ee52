import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaptionTrack, DEFAULT_CAPTION_STYLE } from '../../../shared/captions/caption-track.ts';
import { drawCaptions, layoutCaption } from '../../../shared/captions/draw-captions.ts';
import type { EditorState } from '../../../shared/editor/editor-state.ts';
import { clipEdit } from '../../test-support/clip-edit.ts';
import type { FfmpegBinaries } from '../ffmpeg-binaries.ts';
import { runFfmpeg } from '../ffmpeg-runner.ts';
import { registerCanvasFonts } from './canvas-fonts.ts';
import type { ExportSpec } from './export-spec.ts';
import { renderExport } from './render-export.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';

let binaries: FfmpegBinaries;
let dir: string;
const file = (name: string) => path.join(dir, name);

/** The export of a 180x320 clip at 720p is 720x1280, 30 fps. */
const FRAME = { width: 720, height: 1280 };
const FPS = 30;

interface Picture {
  width: number;
  height: number;
  rgb: Buffer;
}

/** Frame `n` of `media`, decoded as Chromium decodes our files (BT.709 limited) to 8-bit RGB. */
async function frameNumber(media: string, n: number): Promise<Picture> {
  const raw = file(`${path.basename(media)}-${String(n)}.rgb`);
  await runFfmpeg(binaries, [
    '-i', media, '-vf', `select=eq(n\\,${String(n)}),scale=in_color_matrix=bt709:in_range=tv:flags=accurate_rnd+full_chroma_int,format=rgb24`,
    '-frames:v', '1', '-f', 'rawvideo', raw,
  ]);
  return { ...FRAME, rgb: await fs.readFile(raw) };
}

interface Area {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** How many pixels of `area` are within `tolerance` of `colour` on every channel. */
function countNear(picture: Picture, area: Area, colour: [number, number, number], tolerance: number): number {
  let count = 0;
  for (let y = Math.max(0, Math.floor(area.top)); y < Math.min(picture.height, Math.ceil(area.bottom)); y++) {
    for (let x = Math.max(0, Math.floor(area.left)); x < Math.min(picture.width, Math.ceil(area.right)); x++) {
      const i = (y * picture.width + x) * 3;
      if (colour.every((value, c) => Math.abs((picture.rgb[i + c] ?? 0) - value) <= tolerance)) count++;
    }
  }
  return count;
}

const GOLD: [number, number, number] = [0xff, 0xd7, 0x00];
const WHITE: [number, number, number] = [0xff, 0xff, 0xff];

const track: CaptionTrack = {
  lines: [
    {
      id: 'l1',
      words: [
        { text: 'Hello', start: 0.5, end: 1, emphasis: false },
        { text: 'world', start: 1, end: 1.5, emphasis: false },
      ],
    },
  ],
  style: { ...DEFAULT_CAPTION_STYLE, fontSize: 96 },
  voice: null,
};

describe('captions burned into the export', () => {
  let source: string;
  const spec = (captions?: 'burned' | 'none'): ExportSpec => ({ resolution: '720p', format: 'mp4', quality: 'high', watermark: false, ...(captions ? { captions } : {}) });
  const state: EditorState = { ...clipEdit('clip', 2), captions: track };
  const exported: Record<'burned' | 'none', string> = { burned: '', none: '' };

  beforeAll(async () => {
    binaries = await testFfmpeg();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'captions-export-test-'));
    registerCanvasFonts();
    source = file('blue.mp4');
    await runFfmpeg(binaries, [
      '-f', 'lavfi', '-i', `color=c=0x204060:s=180x320:r=${String(FPS)}:d=2`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-t', '2', source,
    ]);
    // No setting (an old client's request) is burned in.
    for (const [name, setting] of [['burned', undefined], ['none', 'none']] as const) {
      exported[name] = file(`${name}.mp4`);
      await renderExport(binaries, { sourceFiles: new Map([['clip', source]]), outputFile: exported[name], editorState: state, spec: spec(setting) });
    }
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  const layout = () => layoutCaption(createCanvas(1, 1).getContext('2d'), track.lines[0]!.words, track.style, FRAME);
  /** A word's glyphs: from its left to its right, from a cap height above its baseline to the baseline. */
  const wordArea = (index: number): Area => {
    const { words, fontSize } = layout();
    const word = words[index]!;
    return { left: word.left, right: word.left + word.width, top: word.baseline - 0.7 * fontSize, bottom: word.baseline };
  };
  /** The whole line with room for the outline. */
  const lineArea = (): Area => {
    const { rows, lineBox, fontSize } = layout();
    const row = rows[0]!;
    return { left: row.left - fontSize, right: row.left + row.width + fontSize, top: row.top - fontSize / 2, bottom: row.top + lineBox + fontSize / 2 };
  };

  it('shows the spoken word in the highlight colour inside its box, the other word in the text colour', async () => {
    // Frame 37 is 1.233 s: "world" (from 1 s) is spoken.
    const frame = await frameNumber(exported.burned, 37);
    expect(countNear(frame, wordArea(1), GOLD, 40)).toBeGreaterThan(200);
    expect(countNear(frame, wordArea(0), GOLD, 40)).toBe(0);
    expect(countNear(frame, wordArea(0), WHITE, 30)).toBeGreaterThan(200);
    // At 0.6 s "hello" is.
    const earlier = await frameNumber(exported.burned, 18);
    expect(countNear(earlier, wordArea(0), GOLD, 40)).toBeGreaterThan(200);
    expect(countNear(earlier, wordArea(1), GOLD, 40)).toBe(0);
  });

  it('shows no caption before the line starts, nor after it has gone', async () => {
    for (const n of [14, 59]) {
      // 0.467 s (the line starts at 0.5 s) and 1.967 s (it leaves 0.4 s after its last word, at 1.9 s).
      const frame = await frameNumber(exported.burned, n);
      expect(countNear(frame, lineArea(), GOLD, 60)).toBe(0);
      expect(countNear(frame, lineArea(), WHITE, 60)).toBe(0);
    }
  });

  it('leaves the captions out with captions: none', async () => {
    const frame = await frameNumber(exported.none, 37);
    expect(countNear(frame, lineArea(), GOLD, 60)).toBe(0);
    expect(countNear(frame, lineArea(), WHITE, 60)).toBe(0);
  });

  it('matches drawCaptions drawn by Skia over the same exported background, as the preview draws it', async () => {
    const n = 37;
    const background = await frameNumber(exported.none, n);
    const canvas = createCanvas(FRAME.width, FRAME.height);
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(FRAME.width, FRAME.height);
    for (let i = 0; i < FRAME.width * FRAME.height; i++) {
      image.data[4 * i] = background.rgb[3 * i]!;
      image.data[4 * i + 1] = background.rgb[3 * i + 1]!;
      image.data[4 * i + 2] = background.rgb[3 * i + 2]!;
      image.data[4 * i + 3] = 255;
    }
    ctx.putImageData(image, 0, 0);
    drawCaptions(ctx, track, FRAME, n / FPS);
    const expected = ctx.getImageData(0, 0, FRAME.width, FRAME.height).data;
    const actual = await frameNumber(exported.burned, n);
    // Over the caption's own pixels (where drawCaptions changed the background): a mean over the whole area would
    // hide a wrong word in the blue around it.
    const area = lineArea();
    let sum = 0;
    let count = 0;
    for (let y = Math.floor(area.top); y < Math.ceil(area.bottom); y++) {
      for (let x = Math.floor(area.left); x < Math.ceil(area.right); x++) {
        const at = y * FRAME.width + x;
        const ink = [0, 1, 2].some((c) => Math.abs(expected[at * 4 + c]! - background.rgb[at * 3 + c]!) > 8);
        if (!ink) continue;
        for (let c = 0; c < 3; c++) sum += Math.abs(actual.rgb[at * 3 + c]! - expected[at * 4 + c]!);
        count += 3;
      }
    }
    expect(count).toBeGreaterThan(3 * 2000);
    // Measured: 3.0 levels of 255 (the encode's chroma subsampling at the glyphs' edges); drawn for 0.8 s instead
    // (the other word highlighted) it is 58.
    expect(sum / count).toBeLessThan(8);
  });
});
