import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineVideoModel } from '../providers/video-model/offline-video-model.ts';
import { fixtureClipFile } from '../test-support/fixture-video-model.ts';
import { testFfmpeg } from '../test-support/test-ffmpeg.ts';
import { extractContinueFrame } from './continue-frame.ts';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { runFfmpeg } from './ffmpeg-runner.ts';
import { extractLastFrame } from './media-operations.ts';

let binaries: FfmpegBinaries;
let dir: string;
/** A 2 s clip of the offline engine, which fades out to black over its last 0.5 s. */
let offlineClip: string;

beforeAll(async () => {
  binaries = await testFfmpeg();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'continue-frame-test-'));
  offlineClip = path.join(dir, 'offline.mp4');
  await createOfflineVideoModel(binaries, { maxSide: 256 }).generateSegment({
    prompt: 'A sunny beach at noon',
    aspectRatio: '9:16',
    resolution: '720p',
    durationSeconds: 2,
    segmentIndex: 0,
    totalSegments: 1,
    outputFile: offlineClip,
  });
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** A picture's mean luma (0–255), measured by ffmpeg's own grey conversion of the whole frame. */
async function meanLuma(png: string): Promise<number> {
  const grey = `${png}.grey`;
  await runFfmpeg(binaries, ['-i', png, '-vf', 'format=gray', '-f', 'rawvideo', grey]);
  const bytes = await fs.readFile(grey);
  return bytes.reduce((sum, value) => sum + value, 0) / bytes.length;
}

describe('the frame a shot continues from', () => {
  it('is the last frame before an offline clip’s fade to black, not the near-black end', async () => {
    const end = path.join(dir, 'end.png');
    await extractLastFrame(binaries, offlineClip, end);
    const endLuma = await meanLuma(end);
    expect(endLuma).toBeLessThan(12);

    const continued = path.join(dir, 'continued.png');
    await extractContinueFrame(binaries, offlineClip, continued);
    const before = path.join(dir, 'before.png');
    await runFfmpeg(binaries, ['-ss', '1', '-i', offlineClip, '-frames:v', '1', '-update', '1', before]);
    // As bright as the picture a second before the end, give or take its motion.
    expect(await meanLuma(continued)).toBeGreaterThan(0.8 * (await meanLuma(before)));
    // "From the end of this shot" names the shot's Out point: the same frame.
    const atEnd = path.join(dir, 'at-end.png');
    await extractContinueFrame(binaries, offlineClip, atEnd, 2);
    expect(await meanLuma(atEnd)).toBeCloseTo(await meanLuma(continued), 0);
  });

  it('is the very last frame of a clip that does not fade', async () => {
    const clip = await fixtureClipFile('9:16', 2);
    const last = path.join(dir, 'fixture-last.png');
    const continued = path.join(dir, 'fixture-continued.png');
    await extractLastFrame(binaries, clip, last);
    await extractContinueFrame(binaries, clip, continued);
    expect(await fs.readFile(continued)).toEqual(await fs.readFile(last));
  });
});
