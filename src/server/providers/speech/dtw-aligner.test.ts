import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptWords } from '../../../shared/speech/timed-word.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { DtwAligner } from './dtw-aligner.ts';
import { NpmSynthesizer } from './npm-synthesizer.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';

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
});
