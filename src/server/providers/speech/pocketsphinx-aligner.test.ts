import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scriptWords } from '../../../shared/speech/timed-word.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';
import { DEBIAN_SPEECH_PATHS } from './debian-speech-tools.ts';
import { FestivalSynthesizer } from './festival-synthesizer.ts';
import { PocketsphinxAligner } from './pocketsphinx-aligner.ts';

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
