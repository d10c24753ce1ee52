import fs from 'node:fs';
import { warp, type WarpPath } from './dtw.ts';
import { COEFFICIENTS, HOP_SAMPLES, mfcc, SAMPLE_RATE } from './mfcc.ts';
import type { TimedWord } from './speech.ts';

const FRAME_SECONDS = HOP_SAMPLES / SAMPLE_RATE;
/** Synthesised silence kept before the first word and after the last: enough to hold a breath's worth. */
const REFERENCE_MARGIN_SECONDS = 0.05;

/** Raw 16-bit little-endian mono PCM, as ffmpeg's `-f s16le` writes it, as -1..1 floats. */
export function readPcm(file: string): Float32Array {
  const bytes = fs.readFileSync(file);
  const samples = new Float32Array(bytes.length >> 1);
  for (let index = 0; index < samples.length; index++) samples[index] = bytes.readInt16LE(index * 2) / 32768;
  return samples;
}

/**
 * Where the synthesised script's words fall in the real audio: the reference (the script spoken by the npm
 * voice, its words' times known) is cut to its speech, both are turned into MFCC frames, warped onto each
 * other, and each word's first and last frame are carried through the warp path to the real audio's frames.
 */
export function alignByWarp(reference: Float32Array, referenceWords: readonly TimedWord[], real: Float32Array): { words: TimedWord[]; path: WarpPath } {
  const speechStart = Math.max(0, (referenceWords[0]?.start ?? 0) - REFERENCE_MARGIN_SECONDS);
  const speechEnd = (referenceWords.at(-1)?.end ?? 0) + REFERENCE_MARGIN_SECONDS;
  const trimmed = reference.subarray(Math.floor(speechStart * SAMPLE_RATE), Math.ceil(speechEnd * SAMPLE_RATE));
  const a = { data: mfcc(trimmed), dimensions: COEFFICIENTS, length: 0 };
  a.length = a.data.length / COEFFICIENTS;
  const b = { data: mfcc(real), dimensions: COEFFICIENTS, length: 0 };
  b.length = b.data.length / COEFFICIENTS;
  const path = warp(a, b);

  const row = (seconds: number) => Math.min(a.length - 1, Math.max(0, Math.round((seconds - speechStart) / FRAME_SECONDS)));
  let cursor = 0;
  const words = referenceWords.map(({ text, start, end }) => {
    const realStart = Math.max(cursor, path.first[row(start)]! * FRAME_SECONDS);
    const lastRow = Math.max(row(start), row(end) - 1);
    const realEnd = Math.max(realStart, (path.last[lastRow]! + 1) * FRAME_SECONDS);
    cursor = realStart;
    return { text, start: round(realStart), end: round(realEnd) };
  });
  return { words, path };
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
