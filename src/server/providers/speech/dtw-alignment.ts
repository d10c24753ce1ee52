import fs from 'node:fs';
import { warp, type WarpOptions, type WarpPath } from './dtw.ts';
import { COEFFICIENTS, HOP_SAMPLES, mfcc, SAMPLE_RATE } from './mfcc.ts';
import type { TimedWord } from './speech.ts';

const FRAME_SECONDS = HOP_SAMPLES / SAMPLE_RATE;
/** Synthesised silence kept before the first word and after the last: enough to hold a breath's worth. */
const REFERENCE_MARGIN_SECONDS = 0.05;
/** How long one 10 ms frame of a word's edge may last in the real audio: speech slowed threefold. */
const MAX_HOLD_FRAMES = 3;

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
function alignByWarp(
  reference: Float32Array,
  referenceWords: readonly TimedWord[],
  real: Float32Array,
  options: WarpOptions,
): { words: TimedWord[]; path: WarpPath } {
  const speechStart = Math.max(0, (referenceWords[0]?.start ?? 0) - REFERENCE_MARGIN_SECONDS);
  const speechEnd = (referenceWords.at(-1)?.end ?? 0) + REFERENCE_MARGIN_SECONDS;
  const trimmed = reference.subarray(Math.floor(speechStart * SAMPLE_RATE), Math.ceil(speechEnd * SAMPLE_RATE));
  const a = { data: mfcc(trimmed), dimensions: COEFFICIENTS, length: 0 };
  a.length = a.data.length / COEFFICIENTS;
  const b = { data: mfcc(real), dimensions: COEFFICIENTS, length: 0 };
  b.length = b.data.length / COEFFICIENTS;
  const path = warp(a, b, options);

  const silent = silentFrames(real, b.length);
  const row = (seconds: number) => Math.min(a.length - 1, Math.max(0, Math.round((seconds - speechStart) / FRAME_SECONDS)));
  let cursor = 0;
  const words = referenceWords.map(({ text, start, end }) => {
    const startRow = row(start);
    const endRow = Math.max(startRow, row(end) - 1);
    const realStart = Math.max(cursor, heldStart(path, startRow, endRow)) * FRAME_SECONDS;
    const realEnd = Math.max(realStart, (heldEnd(path, startRow, endRow) + 1) * FRAME_SECONDS);
    // A word does not start or end in silence: a pause the reference lacks can be warped onto the word's
    // quiet edge (the closure of a "b"), so the edge moves to where the real audio has sound again.
    let first = Math.round(realStart / FRAME_SECONDS);
    let last = Math.round(realEnd / FRAME_SECONDS) - 1;
    while (first < last && silent[first]) first++;
    while (last > first && silent[last]) last--;
    cursor = first;
    return { text, start: round(first * FRAME_SECONDS), end: round((last + 1) * FRAME_SECONDS) };
  });
  return { words, path };
}

/** How many of a word's first (or last) frames are checked for a hold (at most half the word's frames each). */
const EDGE_ROWS = 10;

/**
 * The real frame a word starts at. Each frame of the reference lasts at most MAX_HOLD_FRAMES in real speech, so
 * when one of the word's first frames is held far longer (its quiet start warped onto a pause the reference
 * does not have), the word starts no earlier than the end of that hold, less the reference frames before it.
 */
function heldStart(path: WarpPath, startRow: number, endRow: number): number {
  let start = path.first[startRow]!;
  for (let row = startRow; row <= Math.min(startRow + EDGE_ROWS - 1, (startRow + endRow) >> 1); row++) {
    start = Math.max(start, path.last[row]! - (row - startRow + 1) * MAX_HOLD_FRAMES);
  }
  return start;
}

/** The real frame a word ends at: heldStart's rule from the word's last frames. */
function heldEnd(path: WarpPath, startRow: number, endRow: number): number {
  let end = path.last[endRow]!;
  for (let row = endRow; row >= Math.max(endRow - EDGE_ROWS + 1, ((startRow + endRow) >> 1) + 1); row--) {
    end = Math.min(end, path.first[row]! + (endRow - row + 1) * MAX_HOLD_FRAMES);
  }
  return end;
}

/** How far below the audio's loud frames a frame counts as silence (a pause, not a quiet consonant). */
const SILENCE_BELOW_LOUD_DB = 40;

/** For each MFCC frame (25 ms every 10 ms), whether it is silence next to the audio's loudest speech. */
function silentFrames(samples: Float32Array, frames: number): Uint8Array {
  const levels = new Float64Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    const offset = frame * HOP_SAMPLES;
    for (let n = 0; n < 400 && offset + n < samples.length; n++) sum += samples[offset + n]! ** 2;
    levels[frame] = 10 * Math.log10(sum / 400 + 1e-12);
  }
  const loud = Float64Array.from(levels).sort()[Math.floor(frames * 0.95)] ?? 0;
  return Uint8Array.from(levels, (level) => (level < loud - SILENCE_BELOW_LOUD_DB ? 1 : 0));
}

/** A synthesised reading of the script: its audio (16 kHz, -1..1) and its words' times. */
export interface Reference {
  samples: Float32Array;
  words: TimedWord[];
}

/** Silence kept around the real audio's sound when its silent start and end are cut off before the warp. */
const SOUND_MARGIN_SECONDS = 0.1;
/**
 * A word warped onto less than this share of the time the reference takes to say it is not in the audio: the
 * warp squeezes the words a trimmed clip cut off into its first or last frames.
 */
const SQUEEZED_SHARE = 0.25;

/**
 * Aligns with each reference and keeps the closest match: a voice of the speaker's pitch range warps far better
 * (measured: a male reference on a female voice misplaces words by a second), and the path's cost per step tells
 * which one that is. The warp's ends are anchored, so the real audio's silent start and end are cut off first: a
 * long silence after the speech pulled the last word seconds past it (issue 42). With `mayBeTrimmed`, the words at
 * either end that the warp squeezed are left out.
 */
export function alignWithClosestReference(references: readonly Reference[], real: Float32Array, options: { mayBeTrimmed?: boolean } = {}): TimedWord[] {
  const sound = soundSpan(real);
  const offset = sound.start / SAMPLE_RATE;
  let best: { words: TimedWord[]; path: WarpPath; reference: Reference } | undefined;
  for (const reference of references) {
    const aligned = alignByWarp(reference.samples, reference.words, real.subarray(sound.start, sound.end), { openEnds: false });
    if (!best || aligned.path.score < best.path.score) best = { ...aligned, reference };
  }
  if (!best) throw new Error('No reference to align with');
  const words = best.words.map((word) => ({ text: word.text, start: round(word.start + offset), end: round(word.end + offset) }));
  if (!options.mayBeTrimmed) return words;
  const referenceWords = best.reference.words;
  const heard = words.map((word, index) => {
    const read = referenceWords[index]!.end - referenceWords[index]!.start;
    return word.end - word.start >= SQUEEZED_SHARE * read;
  });
  const first = heard.indexOf(true);
  return first < 0 ? [] : words.slice(first, heard.lastIndexOf(true) + 1);
}

/** The samples from just before the audio's first sound to just after its last (all of it when it is all silent). */
function soundSpan(samples: Float32Array): { start: number; end: number } {
  const frames = Math.ceil(samples.length / HOP_SAMPLES);
  const silent = silentFrames(samples, frames);
  const first = silent.indexOf(0);
  if (first < 0) return { start: 0, end: samples.length };
  const last = silent.lastIndexOf(0);
  const margin = Math.round(SOUND_MARGIN_SECONDS * SAMPLE_RATE);
  return { start: Math.max(0, first * HOP_SAMPLES - margin), end: Math.min(samples.length, (last + 1) * HOP_SAMPLES + 400 + margin) };
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
