import fs from 'node:fs/promises';
import path from 'node:path';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { runFfmpeg } from './ffmpeg-runner.ts';
import { withScratchDir } from './scratch-dir.ts';

/**
 * Scales a PNG to cover exactly width x height and crops the overflow from the centre, so every
 * stored image has the size its model promises, whatever size the provider answered with.
 */
export async function fitPngToSize(binaries: FfmpegBinaries, png: Buffer, width: number, height: number): Promise<Buffer> {
  return withScratchDir('image-fit', async (dir) => {
    const input = path.join(dir, 'in.png');
    const output = path.join(dir, 'out.png');
    await fs.writeFile(input, png);
    await runFfmpeg(binaries, [
      '-f', 'image2', '-i', input,
      '-vf', `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos,crop=${width}:${height}`,
      '-frames:v', '1', output,
    ]);
    return fs.readFile(output);
  });
}
