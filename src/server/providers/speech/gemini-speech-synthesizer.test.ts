import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentFake, GOOGLE_BACKEND_KINDS, startContentFake } from '../../test-support/google-fake-backends.ts';
import { toneBurstsPcm, wavFile } from '../../test-support/speech-audio.ts';
import { ModelNotFoundError } from '../model-not-found.ts';
import { GEMINI_VOICES, createGeminiSpeechSynthesizer } from './gemini-speech-synthesizer.ts';
import { evenAligner, speechFailure } from '../../test-support/speech-test-kit.ts';
import { readWav } from '../../render/wav.ts';

const MODEL = 'gemini-3.8-flash-tts';
const SCRIPT = 'Hello, world! This is PromptReel.';

describe.each(GOOGLE_BACKEND_KINDS)('Gemini speech synthesizer on %s (real SDK against a fake server)', (kind) => {
  let dir: string;
  let gemini: ContentFake;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gemini-speech-'));
    gemini = await startContentFake(kind, dir);
  });
  afterAll(async () => {
    await gemini.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const outputFile = () => path.join(dir, `voice-${Math.random().toString(36).slice(2)}.wav`);
  const synthesizer = (aligner = evenAligner(), model = MODEL) => createGeminiSpeechSynthesizer({ backend: gemini.backend, model, aligner });

  it('asks for AUDIO in the chosen prebuilt voice, wraps the raw 24 kHz PCM in a WAV and times the words with the aligner', async () => {
    const pcm = toneBurstsPcm(0.6);
    gemini.setAnswer({ kind: 'audio', audio: pcm, mimeType: 'audio/L16;codec=pcm;rate=24000' });
    const aligner = evenAligner();
    const file = outputFile();
    const result = await synthesizer(aligner).synthesize({ text: SCRIPT, voiceId: 'gemini:Puck', outputFile: file });

    const request = gemini.lastRequest();
    expect(request?.model).toBe(MODEL);
    expect(request?.contents).toEqual([{ role: 'user', parts: [{ text: SCRIPT }] }]);
    expect(request?.generationConfig).toMatchObject({
      responseModalities: ['AUDIO'],
      speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Puck' } } },
    });
    gemini.expectAuthenticated();

    const wav = readWav(await fs.readFile(file));
    expect(wav).toMatchObject({ sampleRate: 24_000, channels: 1 });
    expect(wav?.samples.equals(pcm)).toBe(true);
    expect(result.durationSeconds).toBeCloseTo(0.6, 5);
    expect(aligner.calls).toEqual([{ audioFile: file, text: SCRIPT }]);
    expect(result.words.map((word) => word.text)).toEqual(['Hello,', 'world!', 'This', 'is', 'PromptReel.']);
  });

  it('takes the whole WAV the 3.8 models answer a unary request with', async () => {
    const pcm = toneBurstsPcm(0.4);
    gemini.setAnswer({ kind: 'audio', audio: wavFile(pcm, 24_000), mimeType: 'audio/wav' });
    const file = outputFile();
    const result = await synthesizer().synthesize({ text: SCRIPT, voiceId: 'gemini:Kore', outputFile: file });
    expect(readWav(await fs.readFile(file))?.samples.equals(pcm)).toBe(true);
    expect(result.durationSeconds).toBeCloseTo(0.4, 5);
  });

  it('lists real prebuilt voices and refuses an unknown voice or an empty script before calling', async () => {
    expect(GEMINI_VOICES.map((voice) => voice.id)).toContain('gemini:Kore');
    const before = gemini.lastRequest();
    await speechFailure(() => synthesizer().synthesize({ text: SCRIPT, voiceId: 'openai:alloy', outputFile: outputFile() }), 400);
    await speechFailure(() => synthesizer().synthesize({ text: ' — ', voiceId: 'gemini:Kore', outputFile: outputFile() }), 400);
    expect(gemini.lastRequest()).toBe(before);
  });

  it('a safety block or a blocked prompt is a 502 saying the provider refused the text', async () => {
    gemini.setAnswer({ kind: 'finish', finishReason: 'PROHIBITED_CONTENT' });
    const refusal = await speechFailure(() => synthesizer().synthesize({ text: SCRIPT, voiceId: 'gemini:Kore', outputFile: outputFile() }), 502);
    expect(refusal.message).toMatch(/refused to read this text/);
    gemini.setAnswer({ kind: 'prompt-blocked', blockReason: 'SAFETY' });
    await speechFailure(() => synthesizer().synthesize({ text: SCRIPT, voiceId: 'gemini:Kore', outputFile: outputFile() }), 502);
  });

  it('quota is a 429, a server error a 503, an answer without audio a 502, all in plain words', async () => {
    const run = () => synthesizer().synthesize({ text: SCRIPT, voiceId: 'gemini:Kore', outputFile: outputFile() });
    gemini.setAnswer({ kind: 'http-error', code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' });
    await speechFailure(run, 429, ['Resource has been exhausted']);
    gemini.setAnswer({ kind: 'http-error', code: 500, message: 'An internal error has occurred.', status: 'INTERNAL' });
    await speechFailure(run, 503, ['internal error']);
    gemini.setAnswer({ kind: 'text', text: 'I cannot speak, but here is some text.' });
    await speechFailure(run, 502, ['here is some text']);
    gemini.setAnswer({ kind: 'audio', audio: Buffer.from('ID3 not pcm'), mimeType: 'audio/mpeg' });
    await speechFailure(run, 502);
  });

  it('an unknown model is a 503 naming the model and GEMINI_SPEECH_MODEL, with a ModelNotFoundError for the catalog', async () => {
    gemini.retireModel('gemini-3.1-flash-tts-preview');
    const error = await speechFailure(
      () => synthesizer(evenAligner(), 'gemini-3.1-flash-tts-preview').synthesize({ text: SCRIPT, voiceId: 'gemini:Kore', outputFile: outputFile() }),
      503,
    );
    expect(error.message).toContain('"gemini-3.1-flash-tts-preview"');
    expect(error.message).toContain('GEMINI_SPEECH_MODEL');
    expect(error.cause).toBeInstanceOf(ModelNotFoundError);
  });

  it("the caller's abort leaves as the caller's reason, without calling the aligner", async () => {
    gemini.setAnswer({ kind: 'audio' });
    const controller = new AbortController();
    controller.abort(new Error('job cancelled'));
    const aligner = evenAligner();
    await expect(
      synthesizer(aligner).synthesize({ text: SCRIPT, voiceId: 'gemini:Kore', outputFile: outputFile(), signal: controller.signal }),
    ).rejects.toThrow('job cancelled');
    expect(aligner.calls).toEqual([]);
  });
});
