import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scriptWords, spokenForm } from '../../../shared/speech/timed-word.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';
import { FestivalSynthesizer } from './festival-synthesizer.ts';
import { PocketsphinxTranscriber } from './pocketsphinx-transcriber.ts';
import { wordEditDistance } from './speech-accuracy.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pocketsphinx-transcriber-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

it('recognises most words of a clear sentence, with times and without fillers or pronunciation markers', async () => {
  const script = 'Morning light spills over the quiet harbour as fishing boats return with their catch.';
  const audioFile = path.join(dir, 'speech.wav');
  const spoken = await new FestivalSynthesizer().synthesize({ text: script, voiceId: 'festival:slt', outputFile: audioFile });
  const heard = await new PocketsphinxTranscriber(await testFfmpeg()).transcribe({ audioFile });

  const reference = scriptWords(script).map(spokenForm);
  // Measured: 1 error in 14 words here ("harbour" heard as "harbor"); 8 % on a 25-word script, 20 % on 100 words.
  expect(wordEditDistance(reference, heard.map((word) => word.text)) / reference.length).toBeLessThanOrEqual(0.25);
  for (const word of heard) {
    expect(word.text).toMatch(/^[a-z'.-]+$/);
    expect(word.end).toBeGreaterThanOrEqual(word.start);
    expect(word.end).toBeLessThanOrEqual(spoken.durationSeconds);
  }
});

it('only knows English', async () => {
  const failure = new PocketsphinxTranscriber(await testFfmpeg()).transcribe({ audioFile: path.join(dir, 'speech.wav'), language: 'fr-FR' });
  await expect(failure).rejects.toMatchObject({ status: 400 });
});
