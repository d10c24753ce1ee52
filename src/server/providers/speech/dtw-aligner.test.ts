import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptWords } from '../../../shared/speech/timed-word.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { DtwAligner } from './dtw-aligner.ts';
import { FestivalSynthesizer } from './festival-synthesizer.ts';
import { NpmSynthesizer } from './npm-synthesizer.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';
import { cutSpeech, expectOnTime, wordsInside } from '../../test-support/trimmed-speech.ts';
import type { SynthesisResult } from './speech.ts';

let binaries: FfmpegBinaries;
let dir: string;

beforeAll(async () => {
  binaries = await testFfmpeg();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dtw-aligner-test-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('DtwAligner', () => {
  it('finds the words of speech that starts late and is slowed down', async () => {
    const text = 'Three simple tricks make your captions pop.';
    const speech = path.join(dir, 'speech.wav');
    const spoken = await new NpmSynthesizer().synthesize({ text, voiceId: 'npm:rms', outputFile: speech });
    // 1.5 s of silence first, then the speech at 90 % speed: every true start is 1.5 + t / 0.9.
    const altered = path.join(dir, 'altered.wav');
    await runFfmpeg(binaries, ['-i', speech, '-af', 'atempo=0.9,adelay=1500:all=1,apad=pad_dur=1', altered]);

    const words = await new DtwAligner(binaries).align({ audioFile: altered, text });

    expect(words.map((word) => word.text)).toEqual(scriptWords(text));
    const errors = words.map((word, index) => Math.abs(word.start - (1.5 + spoken.words[index]!.start / 0.9)));
    // Measured on this kind of input (same voice, slowed, 2 s lead): mean 0.013 s, max 0.025 s.
    expect(Math.max(...errors)).toBeLessThan(0.1);
  });

  it('refuses an empty script with a 400 and rejects an aborted request', async () => {
    const aligner = new DtwAligner(binaries);
    const audioFile = path.join(dir, 'tone.wav');
    await runFfmpeg(binaries, ['-f', 'lavfi', '-i', 'sine=d=1', audioFile]);
    await expect(aligner.align({ audioFile, text: '  ' })).rejects.toMatchObject({ name: 'SpeechError', status: 400 });
    const controller = new AbortController();
    controller.abort(new Error('stopped by the test'));
    await expect(aligner.align({ audioFile, text: 'Hello there', signal: controller.signal })).rejects.toThrow('stopped by the test');
  });

  describe('a voice-over as the sequence plays it (issue 42)', () => {
    const text = 'Well, three simple tricks make your captions pop. Try them.';
    let speech: string;
    let truth: SynthesisResult;
    beforeAll(async () => {
      speech = path.join(dir, 'voice-over.wav');
      // Festival's voice, not the reference's: a creator's voice-over is nobody's reading of the script.
      truth = await new FestivalSynthesizer().synthesize({ text, voiceId: 'festival:slt', outputFile: speech });
    });
    /** Between two words the voice pauses after: a cut there takes whole words. */
    const pauseAfter = (index: number) => (truth.words[index]!.end + truth.words[index + 1]!.start) / 2;

    it('times the words still heard when the start is trimmed (~0.6 s), and leaves out the word cut', async () => {
      const trimmed = path.join(dir, 'head-trimmed.wav');
      await cutSpeech(binaries, speech, trimmed, { from: pauseAfter(0) });
      const words = await new DtwAligner(binaries).align({ audioFile: trimmed, text, mayBeTrimmed: true });
      expectOnTime(words, wordsInside(truth.words, pauseAfter(0)));
    });

    it('times the words still heard when the end is trimmed, and leaves out the words cut', async () => {
      const trimmed = path.join(dir, 'tail-trimmed.wav');
      await cutSpeech(binaries, speech, trimmed, { from: 0, to: pauseAfter(7) });
      const words = await new DtwAligner(binaries).align({ audioFile: trimmed, text, mayBeTrimmed: true });
      expectOnTime(words, wordsInside(truth.words, 0, pauseAfter(7)));
    });

    it('ends the last word where its speech ends when 3.5 s of silence follow it', async () => {
      const padded = path.join(dir, 'silence-after.wav');
      await runFfmpeg(binaries, ['-i', speech, '-af', 'apad=pad_dur=3.5', padded]);
      const words = await new DtwAligner(binaries).align({ audioFile: padded, text, mayBeTrimmed: true });
      expectOnTime(words, truth.words);
      expect(Math.abs(words.at(-1)!.end - truth.words.at(-1)!.end)).toBeLessThanOrEqual(0.3);
    });
  });
});
