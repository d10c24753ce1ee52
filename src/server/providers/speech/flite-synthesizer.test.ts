import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scriptWords } from '../../../shared/speech/timed-word.ts';
import { probeAudio } from '../../render/probe-audio.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';
import { DEBIAN_SPEECH_PATHS } from './debian-speech-tools.ts';
import { FliteSynthesizer } from './flite-synthesizer.ts';
import { PocketsphinxAligner } from './pocketsphinx-aligner.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flite-synthesizer-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

it('speaks with Kal and times every caption word through the aligner', async () => {
  const ffmpeg = await testFfmpeg();
  const script = "Kal's voice reads 12 words — quickly, and in order!";
  const outputFile = path.join(dir, 'kal.wav');
  const result = await new FliteSynthesizer(new PocketsphinxAligner(ffmpeg)).synthesize({ text: script, voiceId: 'flite:kal', outputFile });

  expect(result.words.map((word) => word.text)).toEqual(scriptWords(script));
  result.words.forEach((word, index) => {
    expect(word.end).toBeGreaterThan(word.start);
    expect(word.end).toBeLessThanOrEqual(result.durationSeconds);
    if (index > 0) expect(word.start).toBeGreaterThanOrEqual(result.words[index - 1]!.end);
  });
  const probe = await probeAudio(ffmpeg, outputFile, { formats: 'wav' });
  expect(probe).toMatchObject({ codec: 'pcm_s16le', channels: 1, sampleRate: 16_000 });
  expect(probe.durationSeconds).toBeCloseTo(result.durationSeconds, 2);
});

it('says which Debian package to install when flite is missing (503), and turns away an empty script (400)', async () => {
  const aligner = new PocketsphinxAligner(await testFfmpeg());
  const missing = new FliteSynthesizer(aligner, { ...DEBIAN_SPEECH_PATHS, flite: path.join(dir, 'flite') });
  await expect(missing.synthesize({ text: 'Hello', voiceId: 'flite:kal', outputFile: path.join(dir, 'a.wav') })).rejects.toMatchObject({
    status: 503,
    message: expect.stringContaining('apt-get install flite'),
  });
  await expect(new FliteSynthesizer(aligner).synthesize({ text: ' ', voiceId: 'flite:kal', outputFile: path.join(dir, 'b.wav') })).rejects.toMatchObject({
    status: 400,
  });
});
