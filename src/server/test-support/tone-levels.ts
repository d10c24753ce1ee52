import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../render/ffmpeg-runner.ts';

/** Tones placed in an export's sound, measured back: for the voice lane's and the sequence sound's tests. */

const run = promisify(execFile);

/** The first audio stream of `media`, decoded to mono float samples at `rate`. */
export async function decodeMono(binaries: FfmpegBinaries, media: string, rate: number): Promise<Float32Array> {
  const { stdout } = await run(binaries.ffmpegPath, ['-v', 'error', '-i', media, '-map', '0:a:0', '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-'], {
    encoding: 'buffer',
    maxBuffer: 256 * 1024 * 1024,
  });
  return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
}

/** Level in dB (re full-scale sine) of the `frequency` component in [from, from + length) seconds: Goertzel's algorithm. */
export function toneDb(samples: Float32Array, rate: number, frequency: number, from: number, length: number): number {
  const start = Math.round(from * rate);
  const count = Math.round(length * rate);
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / rate);
  let previous = 0;
  let beforeThat = 0;
  for (let i = start; i < start + count; i++) {
    const current = (samples[i] ?? 0) + coefficient * previous - beforeThat;
    beforeThat = previous;
    previous = current;
  }
  const power = previous ** 2 + beforeThat ** 2 - coefficient * previous * beforeThat;
  return 20 * Math.log10((2 * Math.sqrt(Math.max(power, 0))) / count + 1e-12);
}

/** A 90x160 clip `seconds` long whose sound is `sound` (an aevalsrc expression in t), or none. */
export async function toneClip(binaries: FfmpegBinaries, output: string, seconds: number, sound: string | null): Promise<string> {
  await runFfmpeg(binaries, [
    '-f', 'lavfi', '-i', `testsrc2=s=90x160:r=10:d=${seconds}`,
    ...(sound ? ['-f', 'lavfi', '-i', `aevalsrc=${sound}:s=48000:c=mono:d=${seconds}`] : []),
    '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', output,
  ]);
  return output;
}

/** An audio file as the app stores music and voice-overs (AAC in m4a) from a lavfi source, and its length. */
export async function toneM4a(binaries: FfmpegBinaries, output: string, source: string): Promise<{ file: string; durationSeconds: number }> {
  await runFfmpeg(binaries, ['-f', 'lavfi', '-i', source, '-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2', output]);
  const { stdout } = await run(binaries.ffprobePath, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', output]);
  return { file: output, durationSeconds: Number(stdout.trim()) };
}

/** Level in dBFS (RMS) of everything in [from, from + length) seconds: where speech is, not just a tone. */
export function rmsDb(samples: Float32Array, rate: number, from: number, length: number): number {
  const window = samples.subarray(Math.round(from * rate), Math.round((from + length) * rate));
  const power = window.reduce((sum, sample) => sum + sample * sample, 0) / Math.max(window.length, 1);
  return 10 * Math.log10(power + 1e-12);
}
