import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { testFfmpeg } from './test-ffmpeg.ts';
import { runFfmpeg } from '../render/ffmpeg-runner.ts';
import { cachedFixture } from './cached-fixture.ts';

const run = promisify(execFile);

/** ffprobe's names of the two HDR transfers: HLG (what iPhones record) and PQ (HDR10). */
export type HdrTransferName = 'arib-std-b67' | 'smpte2084';

/** Mean differences this far (8-bit units) from the reference are "within a few units" (issue 25). */
const A_FEW_UNITS = 5;

const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=f=330:r=48000:d=${seconds}`];
const aac = ['-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart'];

/**
 * The SDR picture HDR test clips are made from and compared with: ffmpeg's test pattern at half its
 * saturation (nearer footage than its pure bars) under a white band, 320x568, 2 s at 12 fps, BT.709-tagged
 * H.264 + AAC.
 */
export async function makeSdrPicture(binaries: FfmpegBinaries, file: string): Promise<string> {
  await runFfmpeg(binaries, [
    '-f', 'lavfi', '-i', 'testsrc2=s=320x568:r=12:d=2,hue=s=0.5,drawbox=x=0:y=0:w=320:h=40:color=white:t=fill',
    ...tone(2),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '12', '-pix_fmt', 'yuv420p',
    '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv',
    ...aac, file,
  ]);
  return file;
}

async function hasEncoder(binaries: FfmpegBinaries, name: string): Promise<boolean> {
  const { stdout } = await run(binaries.ffmpegPath, ['-hide_banner', '-encoders']);
  return stdout.split('\n').some((line) => line.trim().split(/\s+/)[1] === name);
}

/**
 * `sdr` as an HDR camera would have recorded it: BT.2020 primaries and matrix, HLG or PQ, SDR white at HDR
 * reference white (203 cd/m², ITU-R BT.2408), converted with zscale. 10-bit is a phone's file (HEVC where
 * the build has libx265, else H.264 High 10); 8-bit is what processing stored before it tone-mapped (H.264
 * yuv420p + AAC, faststart, the HDR tags kept). Converting back the same way gives `sdr` again.
 */
export async function makeHdrClip(
  binaries: FfmpegBinaries,
  sdr: string,
  file: string,
  { transfer, bits = 10 }: { transfer: HdrTransferName; bits?: 8 | 10 },
): Promise<string> {
  const toHdr = [
    'zscale=tin=709:pin=709:min=709:rin=tv:t=linear:p=709:npl=203',
    'format=gbrpf32le',
    `zscale=tin=linear:pin=709:t=${transfer}:p=2020:m=2020_ncl:r=tv:npl=203`,
    bits === 10 ? 'format=yuv420p10le' : 'format=yuv420p',
  ].join(',');
  const video =
    bits === 8
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '12']
      : (await hasEncoder(binaries, 'libx265'))
        ? ['-c:v', 'libx265', '-preset', 'ultrafast', '-crf', '12', '-x265-params', 'log-level=error', '-tag:v', 'hvc1']
        : ['-c:v', 'libx264', '-profile:v', 'high10', '-preset', 'ultrafast', '-crf', '12'];
  await runFfmpeg(binaries, [
    '-i', sdr, '-map', '0:v', '-map', '0:a', '-vf', toHdr, ...video,
    '-colorspace', 'bt2020nc', '-color_primaries', 'bt2020', '-color_trc', transfer, '-color_range', 'tv',
    ...aac, file,
  ]);
  return file;
}

/**
 * makeSdrPicture's picture and makeHdrClip's clips of it, made once per checkout by the system ffmpeg
 * (cachedFixture), for tests of what is done with HDR rather than of making it. The keys name the recipes
 * above: change them (the version) when a recipe changes.
 */
export function cachedSdrPicture(): Promise<string> {
  return cachedFixture('hdr-sdr-picture-320x568-12fps-2s-v1.mp4', async (file) => makeSdrPicture(await testFfmpeg(), file));
}

export async function cachedHdrClip(transfer: HdrTransferName, bits: 8 | 10 = 10): Promise<string> {
  const sdr = await cachedSdrPicture();
  return cachedFixture(`hdr-${transfer}-${bits}-bit-of-sdr-picture-v1.mp4`, async (file) => makeHdrClip(await testFfmpeg(), sdr, file, { transfer, bits }));
}

/** The colour tags of a file's first video stream as ffprobe reads them (absent when untagged). */
export async function colourTags(binaries: FfmpegBinaries, file: string) {
  const { stdout } = await run(binaries.ffprobePath, [
    '-v', 'error', '-select_streams', 'v:0',
    '-show_entries', 'stream=color_space,color_transfer,color_primaries,color_range', '-of', 'json', file,
  ]);
  const [stream = {}] = (JSON.parse(stdout) as { streams?: Array<Record<string, string>> }).streams ?? [];
  return { space: stream.color_space, transfer: stream.color_transfer, primaries: stream.color_primaries, range: stream.color_range };
}

interface PictureStats {
  /** Mean luma, 0–255 (limited-range Y' stretched to full range). */
  luma: number;
  /** Mean distance of each chroma sample from grey, in 8-bit units (what signalstats calls SATAVG). */
  saturation: number;
  /** The 98th percentile of luma, 0–255: how white the whites are. */
  white: number;
}

const MEASURED_WIDTH = 180;
const MEASURED_HEIGHT = 320;

/**
 * Luma and saturation of every frame of an 8-bit video, read from its decoded planes without any colour
 * conversion (so the numbers say what the file holds, whatever its tags), each frame scaled to 180x320 so
 * that files of different sizes compare.
 */
async function pictureStats(binaries: FfmpegBinaries, file: string): Promise<PictureStats> {
  // Beside no input: a cached fixture may be measured by two test files at once.
  const raw = path.join(os.tmpdir(), `picture-stats-${randomUUID()}.yuv`);
  await runFfmpeg(binaries, [
    '-i', file, '-map', '0:v:0', '-vf', `scale=${MEASURED_WIDTH}:${MEASURED_HEIGHT}:flags=area`,
    '-pix_fmt', 'yuv420p', '-f', 'rawvideo', '-y', raw,
  ]);
  const bytes = await fs.readFile(raw);
  await fs.rm(raw);
  const lumaSize = MEASURED_WIDTH * MEASURED_HEIGHT;
  const chromaSize = lumaSize / 4;
  // Luma is counted by code value: the mean and the 98th percentile come from the 256 counts, not a sort of
  // every sample (the stretch to full range keeps the codes' order).
  const lumaCounts = new Float64Array(256);
  let saturationSum = 0;
  let frames = 0;
  for (let frame = 0; frame + lumaSize + 2 * chromaSize <= bytes.length; frame += lumaSize + 2 * chromaSize, frames++) {
    for (let i = frame; i < frame + lumaSize; i++) lumaCounts[bytes[i]!]!++;
    for (let i = 0; i < chromaSize; i++) {
      saturationSum += Math.hypot(bytes[frame + lumaSize + i]! - 128, bytes[frame + lumaSize + chromaSize + i]! - 128);
    }
  }
  if (frames === 0) throw new Error(`no frames decoded from ${file}`);
  const fullRange = (code: number) => Math.min(255, Math.max(0, ((code - 16) * 255) / 219));
  const samples = frames * lumaSize;
  let lumaSum = 0;
  let white = 0;
  const whiteRank = Math.floor(samples * 0.98);
  let below = 0;
  for (let code = 0; code < 256; code++) {
    const count = lumaCounts[code]!;
    lumaSum += count * fullRange(code);
    if (below <= whiteRank && whiteRank < below + count) white = fullRange(code);
    below += count;
  }
  const luma = lumaSum / samples;
  const round = (value: number) => Math.round(value * 10) / 10;
  return { luma: round(luma), saturation: round(saturationSum / (frames * chromaSize)), white: round(white) };
}

/**
 * Asserts that `file` looks like `reference` (both 8-bit video): mean luma and saturation within `tolerance`
 * (8-bit units). Answers both measurements.
 */
export async function expectPictureLike(binaries: FfmpegBinaries, file: string, reference: string, tolerance = A_FEW_UNITS) {
  const [result, expected] = await Promise.all([pictureStats(binaries, file), pictureStats(binaries, reference)]);
  const seen = JSON.stringify({ result, reference: expected });
  expect(Math.abs(result.luma - expected.luma), `luma: ${seen}`).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(result.saturation - expected.saturation), `saturation: ${seen}`).toBeLessThanOrEqual(tolerance);
  return { result, reference: expected };
}
