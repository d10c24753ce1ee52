import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { type ContentFake, GOOGLE_BACKEND_KINDS, startContentFake } from '../../test-support/google-fake-backends.ts';
import { toneBurstsPcm, wavFile } from '../../test-support/speech-audio.ts';
import { createGeminiTranscriber } from './gemini-transcriber.ts';
import { speechFailure } from '../../test-support/speech-test-kit.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';

const MODEL = 'gemini-3.5-transcribe';
const WORDS = [
  { word: 'Hello,', start: 0.12, end: 0.48 },
  { word: 'world!', start: 0.5, end: 0.95 },
];

describe.each(GOOGLE_BACKEND_KINDS)('Gemini transcriber on %s (real SDK and ffmpeg against a fake server)', (kind) => {
  let dir: string;
  let gemini: ContentFake;
  let ffmpeg: FfmpegBinaries;
  let audioFile: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gemini-transcribe-'));
    gemini = await startContentFake(kind, dir);
    ffmpeg = await testFfmpeg();
    audioFile = path.join(dir, 'speech.wav');
    await fs.writeFile(audioFile, wavFile(toneBurstsPcm(1), 24_000));
  });
  afterAll(async () => {
    await gemini.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const transcriber = (model = MODEL) => createGeminiTranscriber({ backend: gemini.backend, model, ffmpeg });

  it('sends the audio inline as mono 16 kHz FLAC with word timestamps on, and reads the words with their Duration offsets', async () => {
    gemini.setAnswer({ kind: 'transcription', words: WORDS });
    const words = await transcriber().transcribe({ audioFile, language: 'en-US' });
    expect(words).toEqual([
      { text: 'Hello,', start: 0.12, end: 0.48 },
      { text: 'world!', start: 0.5, end: 0.95 },
    ]);

    const request = gemini.lastRequest();
    expect(request?.model).toBe(MODEL);
    expect(request?.generationConfig).toMatchObject({ audioTranscriptionConfig: { wordTimestamp: true, languageCodes: ['en-US'] } });
    const inline = request?.contents[0]?.parts?.[0]?.inlineData as { mimeType: string; data: string };
    expect(inline.mimeType).toBe('audio/flac');
    const flac = Buffer.from(inline.data, 'base64');
    expect(flac.subarray(0, 4).toString('ascii')).toBe('fLaC');
    expect(flac.length).toBeLessThan((await fs.stat(audioFile)).size);
    gemini.expectAuthenticated();
  });

  it('is a final transcript (draft: false) from the gemini engine', () => {
    expect(transcriber()).toMatchObject({ engine: 'gemini', draft: false });
  });

  it('a file without sound is a 400 before any call', async () => {
    const notAudio = path.join(dir, 'notes.txt');
    await fs.writeFile(notAudio, 'no sound here');
    const before = gemini.lastRequest();
    await speechFailure(() => transcriber().transcribe({ audioFile: notAudio }), 400);
    expect(gemini.lastRequest()).toBe(before);
  });

  it('no words heard is a 400; a transcript without timestamps is a 502', async () => {
    gemini.setAnswer({ kind: 'transcription', words: [], text: '' });
    await speechFailure(() => transcriber().transcribe({ audioFile }), 400);
    gemini.setAnswer({ kind: 'text', text: 'Hello, world!' });
    await speechFailure(() => transcriber().transcribe({ audioFile }), 502, ['Hello, world!']);
  });

  it('refusal 502, quota 429, server error 503, unknown model 503 naming GEMINI_TRANSCRIBE_MODEL', async () => {
    gemini.setAnswer({ kind: 'prompt-blocked', blockReason: 'PROHIBITED_CONTENT' });
    expect((await speechFailure(() => transcriber().transcribe({ audioFile }), 502)).message).toMatch(/refused/);
    gemini.setAnswer({ kind: 'http-error', code: 429, message: 'Quota exceeded for metric generate_content_requests.', status: 'RESOURCE_EXHAUSTED' });
    await speechFailure(() => transcriber().transcribe({ audioFile }), 429, ['Quota exceeded for metric']);
    gemini.setAnswer({ kind: 'http-error', code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' });
    await speechFailure(() => transcriber().transcribe({ audioFile }), 503, ['overloaded']);
    gemini.retireModel('gemini-2.0-transcribe-gone');
    const unknown = await speechFailure(() => transcriber('gemini-2.0-transcribe-gone').transcribe({ audioFile }), 503);
    expect(unknown.message).toContain('"gemini-2.0-transcribe-gone"');
    expect(unknown.message).toContain('GEMINI_TRANSCRIBE_MODEL');
  });
});
