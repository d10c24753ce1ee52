import { expect } from 'vitest';
import type { TimedWord } from '../../shared/speech/timed-word.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../render/ffmpeg-runner.ts';

/**
 * Speech as a sequence plays it (issue 42): a voice-over whose clip is trimmed, or one that stops while a shot's
 * own sound goes on. For the aligners' tests, with the truth the voice reported.
 */

/** `input` from `from` seconds to `to` (its end when unset), as a 16 kHz mono WAV: a trimmed clip's sound. */
export async function cutSpeech(ffmpeg: FfmpegBinaries, input: string, output: string, window: { from: number; to?: number }): Promise<void> {
  const to = window.to === undefined ? [] : ['-to', String(window.to)];
  await runFfmpeg(ffmpeg, ['-i', input, '-ss', String(window.from), ...to, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', output]);
}

/**
 * `speech` over a shot's sound: a soft chord that swells slowly, as the offline model's shots sound
 * (offline-video-model.ts), peaking about 11 dB under the voice and going on `afterSeconds` past the speech's end.
 * pocketsphinx heard such a chord as a held final "m".
 */
export async function overShotSound(ffmpeg: FfmpegBinaries, speech: string, output: string, speechSeconds: number, afterSeconds: number): Promise<void> {
  const root = 164.81;
  const tones = [1, 1.25992, 1.49831, 2].map((ratio, index) => `${[0.07, 0.05, 0.05, 0.03][index]}*sin(2*PI*${(root * ratio).toFixed(3)}*t)`);
  const chord = `aevalsrc='(0.7+0.3*sin(0.785*t))*(${tones.join('+')})':s=16000:d=${(speechSeconds + afterSeconds).toFixed(3)}`;
  const mono = 'aformat=sample_fmts=flt:channel_layouts=mono';
  // prettier-ignore
  await runFfmpeg(ffmpeg, [
    '-i', speech, '-f', 'lavfi', '-i', chord,
    '-filter_complex', `[0:a]aresample=16000,${mono},volume=2,apad[voice];[1:a]${mono}[bed];[voice][bed]amerge=inputs=2,pan=mono|c0=c0+c1`,
    '-ac', '1', '-c:a', 'pcm_s16le', output,
  ]);
}

/** The words of `words` wholly inside [from, to), moved to times in the cut audio. */
export function wordsInside(words: readonly TimedWord[], from: number, to = Infinity): TimedWord[] {
  return words.filter((word) => word.start >= from && word.end <= to).map((word) => ({ text: word.text, start: word.start - from, end: word.end - from }));
}

/** The words expected, in order, each starting within issue 27's targets for an aligner: mean error ≤ 0.08 s, each ≤ 0.25 s. */
export function expectOnTime(words: readonly TimedWord[], expected: readonly TimedWord[]): void {
  expect(words.map((word) => word.text)).toEqual(expected.map((word) => word.text));
  const errors = words.map((word, index) => Math.abs(word.start - expected[index]!.start));
  expect(errors.reduce((sum, error) => sum + error, 0) / errors.length).toBeLessThanOrEqual(0.08);
  expect(Math.max(...errors)).toBeLessThanOrEqual(0.25);
}
