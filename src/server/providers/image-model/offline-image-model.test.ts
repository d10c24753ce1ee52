import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { AiModelError } from '../text-model/text-model.ts';
import { captionLines, choosePalette, createOfflineImageModel } from './offline-image-model.ts';
import { isPng, pngSize } from './png-info.ts';
import { meanDifference } from '../../test-support/picture-difference.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';

let binaries: FfmpegBinaries;
let dir: string;

beforeAll(async () => {
  binaries = await testFfmpeg();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'offline-image-test-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** The image as RGB bytes decoded by ffmpeg, shrunk to 16x16 unless `fullSize`. */
async function pixels(png: Buffer, name: string, fullSize = false): Promise<Buffer> {
  const file = path.join(dir, `${name}.png`);
  const raw = path.join(dir, `${name}.rgb`);
  await fs.writeFile(file, png);
  await runFfmpeg(binaries, ['-i', file, ...(fullSize ? [] : ['-vf', 'scale=16:16']), '-f', 'rawvideo', '-pix_fmt', 'rgb24', raw]);
  return fs.readFile(raw);
}

/** Pure white pixels (the caption's fill) in rows `from`..`to` (fractions of the height) of a 256x256 image. */
async function whitePixels(png: Buffer, name: string, from: number, to: number): Promise<number> {
  const rgb = await pixels(png, name, true);
  let count = 0;
  for (let y = Math.floor(256 * from); y < Math.floor(256 * to); y++) {
    for (let x = 0; x < 256; x++) {
      const i = (y * 256 + x) * 3;
      if ((rgb[i] ?? 0) >= 250 && (rgb[i + 1] ?? 0) >= 250 && (rgb[i + 2] ?? 0) >= 250) count++;
    }
  }
  return count;
}


describe('offline image model (real ffmpeg)', () => {
  const request = { width: 256, height: 256, quality: 'standard' as const };

  it('renders a PNG of the requested size, the same for the same prompt', async () => {
    const model = createOfflineImageModel(binaries);
    const png = await model.generate({ ...request, prompt: 'A paper boat drifting down a rainy street' });
    expect(isPng(png)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 256, height: 256 });
    const again = await model.generate({ ...request, prompt: 'A paper boat drifting down a rainy street' });
    expect(again.equals(png)).toBe(true);
  });

  it('paints different prompts differently', async () => {
    const model = createOfflineImageModel(binaries);
    const ocean = await pixels(await model.generate({ ...request, prompt: 'Whales under a calm ocean' }), 'ocean');
    const fire = await pixels(await model.generate({ ...request, prompt: 'A dragon breathing fire over lava' }), 'fire');
    expect(meanDifference(ocean, fire)).toBeGreaterThan(20);
    expect(choosePalette('Whales under a calm ocean').name).toBe('ocean');
    expect(choosePalette('A dragon breathing fire over lava').name).toBe('fire');
  });

  it('draws the caption from a file, so filter syntax in the prompt is only text', async () => {
    const model = createOfflineImageModel(binaries);
    const tricky = "It's 100% [x]; a:b, C:\\dir %{pts} 'q'";
    const png = await model.generate({ ...request, prompt: tricky });
    expect(pngSize(png)).toEqual({ width: 256, height: 256 });
    // The white caption sits in the lower band; a prompt without words has none.
    const captioned = await whitePixels(png, 'tricky', 0.7, 0.95);
    const uncaptioned = await whitePixels(await model.generate({ ...request, prompt: '' }), 'empty', 0.7, 0.95);
    expect(captioned).toBeGreaterThan(300);
    expect(uncaptioned).toBeLessThan(captioned / 10);
  });

  it('renders the tall HD size', async () => {
    const png = await createOfflineImageModel(binaries).generate({
      prompt: 'Neon city skyline at night',
      width: 1024,
      height: 1792,
      quality: 'hd',
    });
    expect(pngSize(png)).toEqual({ width: 1024, height: 1792 });
  });

  it('refuses sizes it cannot render', async () => {
    const error = await createOfflineImageModel(binaries)
      .generate({ ...request, prompt: 'x', width: 10 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiModelError);
    expect((error as AiModelError).status).toBe(400);
  });
});

describe('captionLines', () => {
  it('wraps the prompt into at most three short lines, upper-cased, with an ellipsis when cut', () => {
    expect(captionLines('a cat playing piano', 17)).toEqual(['A CAT PLAYING', 'PIANO']);
    const long = captionLines('one two three four five six seven eight nine ten eleven twelve thirteen', 12);
    expect(long).toHaveLength(3);
    expect(long.at(-1)).toMatch(/…$/);
    expect(long.every((line) => line.length <= 12)).toBe(true);
    expect(captionLines('line\nbreak\u0000 "quote": 50%', 30)).toEqual(['LINE BREAK "QUOTE": 50%']);
    expect(captionLines('supercalifragilisticexpialidocious', 10)).toEqual(['SUPERCALI…']);
  });
});
