import { COEFFICIENTS, HOP_SAMPLES, SAMPLE_RATE, mfcc } from './mfcc.ts';

/** A pause at least this long after a word shows what the sound is like without the voice. */
const MIN_PAUSE_SECONDS = 0.3;
/** Only the start of a pause is measured: the sound right after the word is what the word may be stretched over. */
const MAX_PAUSE_SECONDS = 1;
/** A tail shorter than this is the word's own fading, left as it is. */
const MIN_HELD_SECONDS = 0.15;
/** However much of it sounds like the pause, a word keeps this much. */
const MIN_WORD_SECONDS = 0.08;
/**
 * A frame sounds like the pause when some frame of the pause is this close to it: twice as close as 95 % of the
 * pause's frames are to their own nearest other frame (a chord's sound drifts as it swells and beats, so no one
 * average frame stands for it). Measured on a shot's chord after "warm": the pause's frames 0.6–1.7 apart, the
 * word's speech 4 and more from every one of them.
 */
const PAUSE_SPREAD_QUANTILE = 0.95;
const PAUSE_SPREAD_FACTOR = 2;
/** Frames this close share most of their 25 ms window: not a second look at the same sound. */
const NEIGHBOUR_FRAMES = 3;

const FRAME_SECONDS = HOP_SAMPLES / SAMPLE_RATE;

export interface WordSpan {
  start: number;
  end: number;
}

/**
 * Each word's end moved back to where its speech ends (issue 42). A recogniser stretches a word's last sound
 * over the pause after it when the pause is not silent: pocketsphinx heard a shot's chord playing on after the
 * voice as the hummed "m" of "warm", 1.6 s of it. The frames at the end of a word that sound like the pause after
 * it (by their MFCCs) belong to the pause. `words` are in order, in seconds into `samples` (16 kHz mono); a word with no long pause after it keeps
 * its end.
 */
export function endWordsAtSpeech(samples: Float32Array, words: readonly WordSpan[]): WordSpan[] {
  const duration = samples.length / SAMPLE_RATE;
  return words.map((word, index) => {
    const pauseEnd = Math.min(words[index + 1]?.start ?? duration, word.end + MAX_PAUSE_SECONDS);
    if (pauseEnd - word.end < MIN_PAUSE_SECONDS) return { ...word };
    // Only the word and its pause are turned into features: seconds of CPU for minutes of audio otherwise.
    const offset = Math.floor(word.start / FRAME_SECONDS);
    const features = mfcc(samples.subarray(offset * HOP_SAMPLES, Math.ceil(pauseEnd * SAMPLE_RATE)));
    const frames = features.length / COEFFICIENTS;
    const frameAt = (seconds: number) => Math.min(frames, Math.max(0, Math.round(seconds / FRAME_SECONDS) - offset));
    const pause = { from: frameAt(word.end), to: frameAt(pauseEnd) };
    if (pause.to <= pause.from) return { ...word };
    const pauseFrames = range(pause.from, pause.to);
    const nearestInPause = (frame: number) =>
      Math.min(...pauseFrames.filter((other) => Math.abs(other - frame) > NEIGHBOUR_FRAMES).map((other) => distance(features, frame, other)));
    const spread = PAUSE_SPREAD_FACTOR * quantile(pauseFrames.map(nearestInPause), PAUSE_SPREAD_QUANTILE);
    const first = frameAt(word.start + MIN_WORD_SECONDS);
    let end = pause.from;
    while (end > first && nearestInPause(end - 1) <= spread) end--;
    if ((pause.from - end) * FRAME_SECONDS < MIN_HELD_SECONDS) return { ...word };
    return { start: word.start, end: (end + offset) * FRAME_SECONDS };
  });
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, index) => from + index);
}

function distance(features: Float32Array, a: number, b: number): number {
  let sum = 0;
  for (let k = 0; k < COEFFICIENTS; k++) sum += (features[a * COEFFICIENTS + k]! - features[b * COEFFICIENTS + k]!) ** 2;
  return Math.sqrt(sum);
}

function quantile(values: number[], share: number): number {
  const sorted = values.sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** Raw 16-bit little-endian mono PCM as -1..1 floats. */
export function pcmSamples(bytes: Buffer): Float32Array {
  const samples = new Float32Array(bytes.length >> 1);
  for (let index = 0; index < samples.length; index++) samples[index] = bytes.readInt16LE(index * 2) / 32768;
  return samples;
}
