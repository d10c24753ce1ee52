import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';

const FFMPEG = '/usr/bin/ffmpeg';
const FFPROBE = '/usr/bin/ffprobe';

function run(binary: string, args: string[]): Buffer {
  const result = spawnSync(binary, args, { maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed: ${result.stderr.toString()}`);
  return result.stdout;
}

interface ProbeStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
}

export interface Probe {
  streams: ProbeStream[];
  format: { duration: string; format_name: string };
}

export function ffprobe(file: string): Probe {
  return JSON.parse(run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file]).toString()) as Probe;
}

/** The top-level MP4/MOV boxes in file order: faststart means 'moov' comes before 'mdat'. */
export function topLevelBoxes(file: string): string[] {
  const data = fs.readFileSync(file);
  const boxes: string[] = [];
  let offset = 0;
  while (offset + 8 <= data.length) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    if (size === 1) size = Number(data.readBigUInt64BE(offset + 8));
    else if (size === 0) size = data.length - offset;
    boxes.push(type);
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

/**
 * The frames of a constant-rate `video` at each of `times` (seconds from its first frame, each on a frame), scaled
 * to exactly width x height, decoded in one ffmpeg run. The export is tagged BT.709 limited range and is read as
 * such. accurate_rnd and full_chroma_int matter: swscale's fast default YUV->RGB path is biased by about
 * -2/-1.6/+2 levels (R/G/B) against the exact BT.709 maths, which would be charged to the export; with them
 * ffmpeg's decode is within 0.4 of exact.
 */
export function extractFrames(video: string, times: readonly number[], fps: number, size: { width: number; height: number }): Map<number, RgbImage> {
  const wanted = [...new Set(times)].sort((a, b) => a - b);
  const select = wanted.map((seconds) => `eq(n,${String(Math.round(seconds * fps))})`).join('+');
  const scale = `scale=${String(size.width)}:${String(size.height)}:in_color_matrix=bt709:in_range=tv:flags=bicubic+accurate_rnd+full_chroma_int`;
  const data = run(FFMPEG, ['-v', 'error', '-i', video, '-vf', `select='${select}',${scale}`, '-fps_mode', 'passthrough', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
  const frameBytes = size.width * size.height * 3;
  if (data.length !== frameBytes * wanted.length) throw new Error(`${video}: expected ${String(wanted.length)} frames, got ${String(data.length / frameBytes)}`);
  return new Map(wanted.map((seconds, index) => [seconds, { ...size, data: data.subarray(index * frameBytes, (index + 1) * frameBytes) }]));
}

export interface RgbImage {
  width: number;
  height: number;
  /** rgb24, row by row. */
  data: Buffer;
}

/** Decodes a PNG in this process (Skia's decoder gives exactly ffmpeg's pixels for Chromium's screenshots). */
export async function decodePng(png: Buffer): Promise<RgbImage> {
  const image = await loadImage(png);
  const context = createCanvas(image.width, image.height).getContext('2d');
  context.drawImage(image, 0, 0);
  const rgba = context.getImageData(0, 0, image.width, image.height).data;
  const data = Buffer.alloc(image.width * image.height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    data[j] = rgba[i]!;
    data[j + 1] = rgba[i + 1]!;
    data[j + 2] = rgba[i + 2]!;
  }
  return { width: image.width, height: image.height, data };
}

export interface Region {
  x0: number;
  y0: number;
  /** Exclusive. */
  x1: number;
  y1: number;
}

/** Mean absolute difference per channel [R, G, B] (0-255), over the whole frame or inside/outside a region. */
export function meanAbsDiff(a: RgbImage, b: RgbImage, options: { inside?: Region; outside?: Region } = {}): [number, number, number] {
  if (a.width !== b.width || a.height !== b.height) throw new Error('images differ in size');
  const sums = [0, 0, 0];
  let count = 0;
  const within = (region: Region, x: number, y: number) => x >= region.x0 && x < region.x1 && y >= region.y0 && y < region.y1;
  for (let y = 0; y < a.height; y += 1) {
    for (let x = 0; x < a.width; x += 1) {
      if (options.inside && !within(options.inside, x, y)) continue;
      if (options.outside && within(options.outside, x, y)) continue;
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c += 1) sums[c]! += Math.abs(a.data[i + c]! - b.data[i + c]!);
      count += 1;
    }
  }
  return sums.map((sum) => (count === 0 ? 0 : sum / count)) as [number, number, number];
}

/** Mean |a - b| over the three channels of each block x block tile, largest first, with the tile's corner. */
export function blockDiffs(a: RgbImage, b: RgbImage, block = 16): Array<{ x: number; y: number; diff: number }> {
  const tiles: Array<{ x: number; y: number; diff: number }> = [];
  for (let by = 0; by < a.height; by += block) {
    for (let bx = 0; bx < a.width; bx += block) {
      let sum = 0;
      let count = 0;
      for (let y = by; y < Math.min(a.height, by + block); y += 1) {
        for (let x = bx; x < Math.min(a.width, bx + block); x += 1) {
          const i = (y * a.width + x) * 3;
          for (let c = 0; c < 3; c += 1) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
          count += 3;
        }
      }
      tiles.push({ x: bx, y: by, diff: sum / count });
    }
  }
  return tiles.sort((p, q) => q.diff - p.diff);
}

/** Mean signed difference a - b per channel: a systematic shift, as opposed to noise. */
export function meanSignedDiff(a: RgbImage, b: RgbImage, outside?: Region): [number, number, number] {
  const sums = [0, 0, 0];
  let count = 0;
  for (let y = 0; y < a.height; y += 1) {
    for (let x = 0; x < a.width; x += 1) {
      if (outside && x >= outside.x0 && x < outside.x1 && y >= outside.y0 && y < outside.y1) continue;
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c += 1) sums[c]! += a.data[i + c]! - b.data[i + c]!;
      count += 1;
    }
  }
  return sums.map((sum) => sum / count) as [number, number, number];
}

/** Writes an rgb24 image as a PNG, encoded in this process. */
export async function writePng(image: RgbImage, out: string): Promise<void> {
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  const pixels = context.createImageData(image.width, image.height);
  for (let i = 0, j = 0; j < image.data.length; i += 4, j += 3) {
    pixels.data[i] = image.data[j]!;
    pixels.data[i + 1] = image.data[j + 1]!;
    pixels.data[i + 2] = image.data[j + 2]!;
    pixels.data[i + 3] = 255;
  }
  context.putImageData(pixels, 0, 0);
  fs.writeFileSync(out, await canvas.encode('png'));
}

/** Writes a greyscale PNG of |a - b| (amplified) so a failed comparison can be looked at. */
export async function writeDiffImage(a: RgbImage, b: RgbImage, out: string, gain = 4): Promise<void> {
  const diff = Buffer.alloc(a.width * a.height * 3);
  for (let i = 0; i < diff.length; i += 1) diff[i] = Math.min(255, Math.abs(a.data[i]! - b.data[i]!) * gain);
  await writePng({ width: a.width, height: a.height, data: diff }, out);
}

/** A 9:16 test pattern with a tone (360x640, H.264 + AAC), 2 seconds unless told: a quick upload. */
export function makeShortClip(dir: string, name = 'clip.mp4', seconds = 2): string {
  const clip = `${dir}/${name}`;
  run(FFMPEG, [
    '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=30',
    // 48 kHz: whole AAC frames fill whole seconds, so the clip lasts exactly `seconds`.
    '-f', 'lavfi', '-i', 'sine=sample_rate=48000',
    '-t', String(seconds), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip,
  ]);
  return clip;
}

/**
 * A 3-second 9:16 clip (720x1280, 24 fps, H.264 yuv420p + AAC, faststart, so an upload keeps it as it is; the
 * parity edit uses its first 2.5 s) with detail everywhere: colour ramps across the frame carrying fine ripples
 * (periods of 16-24 px) that scroll 2 px a frame. A blur or a resampling error shows on every pixel of it,
 * where the offline engine's smooth gradients hide one. Blue never drops below ~100, so no pixel looks like
 * pure gold text.
 */
export function makeTexturedClip(dir: string): string {
  const still = `${dir}/texture.png`;
  const clip = `${dir}/textured.mp4`;
  const geq = [
    "r='30+180*X/W+35*sin(2*PI*X/16)*cos(2*PI*Y/40)'",
    "g='30+170*Y/H+30*sin(2*PI*Y/20+1)'",
    "b='130+90*(1-X/W)*(0.5+0.5*cos(2*PI*Y/H))+25*sin(2*PI*(X+Y)/24)'",
  ].join(':');
  run(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=s=768x1280:d=1,format=rgb24,geq=${geq}`, '-frames:v', '1', still]);
  run(FFMPEG, [
    '-v', 'error', '-y',
    '-loop', '1', '-framerate', '24', '-i', still,
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '3',
    '-vf', "crop=720:1280:'mod(n*2,48)':0,format=yuv420p",
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18',
    '-c:a', 'aac', '-ar', '48000', '-ac', '2',
    '-movflags', '+faststart',
    clip,
  ]);
  return clip;
}

/**
 * The box around every pixel where `image` differs from `base` (the same frame without the text) by
 * more than `threshold` on some channel, in a band of rows: where something was drawn, whatever its
 * colour or opacity.
 */
export function changedBox(image: RgbImage, base: RgbImage, threshold: number, rows: [number, number] = [0, image.height]): Region | null {
  if (image.width !== base.width || image.height !== base.height) throw new Error('images differ in size');
  let box: Region | null = null;
  for (let y = Math.max(0, rows[0]); y < Math.min(image.height, rows[1]); y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const i = (y * image.width + x) * 3;
      const changed =
        Math.abs(image.data[i]! - base.data[i]!) > threshold ||
        Math.abs(image.data[i + 1]! - base.data[i + 1]!) > threshold ||
        Math.abs(image.data[i + 2]! - base.data[i + 2]!) > threshold;
      if (!changed) continue;
      if (!box) box = { x0: x, y0: y, x1: x + 1, y1: y + 1 };
      box.x0 = Math.min(box.x0, x);
      box.y0 = Math.min(box.y0, y);
      box.x1 = Math.max(box.x1, x + 1);
      box.y1 = Math.max(box.y1, y + 1);
    }
  }
  return box;
}

/** Runs of rows holding pixels `matches` accepts, each with the box of its pixels, top to bottom: the lines of a text. */
export function rowBands(image: RgbImage, matches: (r: number, g: number, b: number) => boolean): Region[] {
  const bands: Region[] = [];
  let band: Region | null = null;
  for (let y = 0; y < image.height; y += 1) {
    let x0 = image.width;
    let x1 = 0;
    for (let x = 0; x < image.width; x += 1) {
      const i = (y * image.width + x) * 3;
      if (!matches(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!)) continue;
      x0 = Math.min(x0, x);
      x1 = x + 1;
    }
    if (x1 === 0) {
      band = null;
      continue;
    }
    if (!band) {
      band = { x0, y0: y, x1, y1: y + 1 };
      bands.push(band);
    }
    band.x0 = Math.min(band.x0, x0);
    band.x1 = Math.max(band.x1, x1);
    band.y1 = y + 1;
  }
  return bands;
}

/** A sine tone as an MP3 (a custom music track to upload). */
export function makeToneMp3(dir: string, frequency: number, seconds: number, name = 'tone.mp3'): string {
  const file = `${dir}/${name}`;
  run(FFMPEG, ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=44100`, '-t', String(seconds), '-c:a', 'libmp3lame', '-b:a', '128k', file]);
  return file;
}

/** A valid MP3 of digital silence: it uploads, and the server's job refuses it. */
export function makeSilentMp3(dir: string, seconds: number, name = 'silence.mp3'): string {
  const file = `${dir}/${name}`;
  run(FFMPEG, ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=sample_rate=44100:channel_layout=stereo', '-t', String(seconds), '-c:a', 'libmp3lame', '-b:a', '128k', file]);
  return file;
}

/** The mean level (dBFS) of a file's sound near one frequency, between two times. */
export function toneLevelDb(file: string, frequency: number, from: number, to: number): number {
  const result = spawnSync(FFMPEG, [
    '-v', 'info', '-nostats', '-ss', String(from), '-t', String(to - from), '-i', file,
    '-vn', '-af', `bandpass=f=${frequency}:width_type=h:w=40,volumedetect`, '-f', 'null', '-',
  ]);
  const match = /mean_volume: (-?[\d.]+|-inf) dB/.exec(result.stderr.toString());
  if (!match?.[1]) throw new Error(`no level measured: ${result.stderr.toString()}`);
  return match[1] === '-inf' ? -Infinity : Number(match[1]);
}

/** Integrated loudness (LUFS) of a file's sound, as ffmpeg's EBU R128 meter reads it. */
export function integratedLufs(file: string): number {
  const result = spawnSync(FFMPEG, ['-v', 'info', '-nostats', '-i', file, '-vn', '-af', 'ebur128', '-f', 'null', '-']);
  const match = /Integrated loudness:\s+I:\s+(-?[\d.]+) LUFS/.exec(result.stderr.toString());
  if (!match?.[1]) throw new Error(`no loudness measured: ${result.stderr.toString()}`);
  return Number(match[1]);
}
