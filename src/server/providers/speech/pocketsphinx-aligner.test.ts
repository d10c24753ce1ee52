import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptWords } from '../../../shared/speech/timed-word.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';
import { cutSpeech, expectOnTime, overShotSound, wordsInside } from '../../test-support/trimmed-speech.ts';
import { DEBIAN_SPEECH_PATHS } from './debian-speech-tools.ts';
import { FestivalSynthesizer } from './festival-synthesizer.ts';
import { PocketsphinxAligner } from './pocketsphinx-aligner.ts';
import type { SynthesisResult, TimedWord } from './speech.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pocketsphinx-aligner-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

it("finds Festival's words where Festival says it spoke them (issue 27's targets: mean ≤ 0.08 s, each ≤ 0.25 s)", async () => {
  const script = 'Meet me at 7 & bring the zorblax — our big 2026 plan starts now!';
  const audioFile = path.join(dir, 'speech.wav');
  const truth = await new FestivalSynthesizer().synthesize({ text: script, voiceId: 'festival:slt', outputFile: audioFile });
  const aligned = await new PocketsphinxAligner(await testFfmpeg()).align({ audioFile, text: script });

  expect(aligned.map((word) => word.text)).toEqual(scriptWords(script));
  const errors = aligned.map((word, index) => Math.abs(word.start - truth.words[index]!.start));
  expect(errors.reduce((sum, error) => sum + error, 0) / errors.length).toBeLessThanOrEqual(0.08);
  expect(Math.max(...errors)).toBeLessThanOrEqual(0.25);
  aligned.forEach((word, index) => {
    expect(word.end).toBeLessThanOrEqual(truth.durationSeconds);
    if (index > 0) expect(word.start).toBeGreaterThanOrEqual(aligned[index - 1]!.end);
  });
});

describe('a voice-over as the sequence plays it (issue 42)', () => {
  // Festival pauses after "Well," and before "Try them.", so the cuts below fall between words.
  const script = 'Well, three simple tricks make your captions pop. Try them.';
  let speech: string;
  let truth: SynthesisResult;
  beforeAll(async () => {
    speech = path.join(dir, 'voice-over.wav');
    truth = await new FestivalSynthesizer().synthesize({ text: script, voiceId: 'festival:slt', outputFile: speech });
  });

  /** Aligned as the captions job asks: the sequence may have cut the script's first or last words. */
  async function aligned(audioFile: string): Promise<TimedWord[]> {
    return new PocketsphinxAligner(await testFfmpeg()).align({ audioFile, text: script, mayBeTrimmed: true });
  }

  it('times the words still heard after 0.65 s is trimmed from the start, and leaves out the word cut', async () => {
    const trimmed = path.join(dir, 'head-trimmed.wav');
    await cutSpeech(await testFfmpeg(), speech, trimmed, { from: 0.65 });
    const expected = wordsInside(truth.words, 0.65);
    expect(expected[0]?.text).toBe('three');
    expectOnTime(await aligned(trimmed), expected);
  });

  it('times the words still heard when the end is trimmed, and leaves out the words cut', async () => {
    const end = truth.words.at(-2)!.start - 0.05;
    const trimmed = path.join(dir, 'tail-trimmed.wav');
    await cutSpeech(await testFfmpeg(), speech, trimmed, { from: 0, to: end });
    const expected = wordsInside(truth.words, 0, end);
    expect(expected.at(-1)?.text).toBe('pop.');
    expectOnTime(await aligned(trimmed), expected);
  });

  it('ends the last word where its speech ends, not on the shot’s sound that goes on 3.5 s after it', async () => {
    const mixed = path.join(dir, 'over-shot-sound.wav');
    await overShotSound(await testFfmpeg(), speech, mixed, truth.durationSeconds, 3.5);
    const words = await aligned(mixed);
    expectOnTime(words, truth.words);
    expect(Math.abs(words.at(-1)!.end - truth.words.at(-1)!.end)).toBeLessThanOrEqual(0.3);
  });

  it('keeps the plain message when none of the script is heard', async () => {
    const silence = path.join(dir, 'silence.wav');
    await runFfmpeg(await testFfmpeg(), ['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '2', '-c:a', 'pcm_s16le', silence]);
    await expect(aligned(silence)).rejects.toMatchObject({ status: 400, message: 'None of the script was found in the audio.' });
  });
});

it('refuses audio over ten minutes with a 400', async () => {
  const audioFile = path.join(dir, 'long.wav');
  await runFfmpeg(await testFfmpeg(), ['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '605', '-c:a', 'pcm_u8', audioFile]);
  const failure = new PocketsphinxAligner(await testFfmpeg()).align({ audioFile, text: 'Hello there' });
  await expect(failure).rejects.toMatchObject({ status: 400, message: expect.stringContaining('too long') });
});

it('says which Debian package to install when pocketsphinx is missing (503)', async () => {
  const aligner = new PocketsphinxAligner(await testFfmpeg(), { ...DEBIAN_SPEECH_PATHS, pocketsphinxBatch: path.join(dir, 'pocketsphinx_batch') });
  const failure = aligner.align({ audioFile: path.join(dir, 'speech.wav'), text: 'Hello there' });
  await expect(failure).rejects.toMatchObject({ status: 503, message: expect.stringContaining('apt-get install pocketsphinx') });
});

it('rejects an aborted request', async () => {
  const controller = new AbortController();
  controller.abort(new Error('the creator left'));
  const failure = new PocketsphinxAligner(await testFfmpeg()).align({ audioFile: path.join(dir, 'speech.wav'), text: 'Hello there', signal: controller.signal });
  await expect(failure).rejects.toThrow('the creator left');
});
