import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../test-support/fake-openai-server.ts';
import { toneBurstsPcm, wavFile } from '../../test-support/speech-audio.ts';
import { ModelNotFoundError } from '../model-not-found.ts';
import { OPENAI_VOICES, createOpenAiSpeechSynthesizer } from './openai-speech-synthesizer.ts';
import { OPENAI_MAX_UPLOAD_BYTES, createOpenAiTranscriber } from './openai-transcriber.ts';
import { evenAligner, speechFailure } from '../../test-support/speech-test-kit.ts';
import { readWav } from '../../render/wav.ts';

const API_KEY = 'sk-test-speech-5c2e9a71';
const SCRIPT = "Don't blink: the boat is sinking!";

describe('OpenAI speech adapters (real SDK against the fake OpenAI server)', () => {
  let dir: string;
  let openai: FakeOpenAiServer;
  let audioFile: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'openai-speech-'));
    openai = await startFakeOpenAiServer({ apiKey: API_KEY });
    audioFile = path.join(dir, 'speech.wav');
    await fs.writeFile(audioFile, wavFile(toneBurstsPcm(1), 24_000));
  });
  afterAll(async () => {
    await openai.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    openai.setSpeechAnswer({ kind: 'success' });
    openai.setTranscriptionAnswer({ kind: 'success', words: [] });
  });

  const outputFile = () => path.join(dir, `voice-${Math.random().toString(36).slice(2)}.wav`);
  const synthesizer = (options: { model?: string; aligner?: ReturnType<typeof evenAligner> } = {}) =>
    createOpenAiSpeechSynthesizer({ apiKey: API_KEY, baseUrl: openai.baseUrl, aligner: options.aligner ?? evenAligner(), model: options.model });
  const transcriber = (model?: string) => createOpenAiTranscriber({ apiKey: API_KEY, baseUrl: openai.baseUrl, model });

  describe('speech (POST /v1/audio/speech)', () => {
    it('asks gpt-4o-mini-tts for WAV in the chosen voice with reading instructions, and writes the WAV the aligner times', async () => {
      const aligner = evenAligner();
      const file = outputFile();
      const result = await synthesizer({ aligner }).synthesize({ text: SCRIPT, voiceId: 'openai:coral', outputFile: file });

      const request = openai.speechRequests.at(-1);
      expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
      expect(request?.body).toMatchObject({ model: 'gpt-4o-mini-tts', voice: 'coral', input: SCRIPT, response_format: 'wav' });
      expect(request?.body.instructions).toEqual(expect.any(String));
      const wav = readWav(await fs.readFile(file));
      expect(wav).toMatchObject({ sampleRate: 24_000, channels: 1 });
      expect(result.durationSeconds).toBeCloseTo(0.6, 5);
      expect(aligner.calls).toEqual([{ audioFile: file, text: SCRIPT }]);
      expect(result.words.map((word) => word.text)).toEqual(["Don't", 'blink:', 'the', 'boat', 'is', 'sinking!']);
    });

    it("reads a streamed WAV whose header gives no length, and writes a WAV with the real one", async () => {
      openai.setSpeechAnswer({ kind: 'success', unknownLength: true });
      const file = outputFile();
      await synthesizer().synthesize({ text: SCRIPT, voiceId: 'openai:alloy', outputFile: file });
      const written = await fs.readFile(file);
      expect(written.readUInt32LE(40)).toBe(written.length - 44);
    });

    it('sends no instructions to tts-1, which takes none', async () => {
      await synthesizer({ model: 'tts-1' }).synthesize({ text: SCRIPT, voiceId: 'openai:alloy', outputFile: outputFile() });
      expect(openai.speechRequests.at(-1)?.body.instructions).toBeUndefined();
    });

    it('lists its voices and refuses another engine\u2019s voice before calling', async () => {
      expect(OPENAI_VOICES.map((voice) => voice.id)).toEqual(expect.arrayContaining(['openai:alloy', 'openai:coral']));
      const count = openai.speechRequests.length;
      await speechFailure(() => synthesizer().synthesize({ text: SCRIPT, voiceId: 'gemini:Kore', outputFile: outputFile() }), 400);
      expect(openai.speechRequests.length).toBe(count);
    });

    it('refusal 502, rate limit 429, unknown model 503, server error 503, non-WAV answer 502, in plain words', async () => {
      const run = (model?: string) => synthesizer({ model }).synthesize({ text: SCRIPT, voiceId: 'openai:alloy', outputFile: outputFile() });
      openai.setSpeechAnswer({ kind: 'refusal' });
      expect((await speechFailure(() => run(), 502, ['safety system'])).message).toMatch(/refused to read this text/);
      openai.setSpeechAnswer({ kind: 'http-error', status: 429, message: 'Rate limit reached for gpt-4o-mini-tts.', type: 'requests', code: 'rate_limit_exceeded' });
      await speechFailure(() => run(), 429, ['Rate limit reached for']);
      openai.setSpeechAnswer({ kind: 'http-error', status: 500, message: 'The server had an error while processing your request.', type: 'server_error', code: null });
      await speechFailure(() => run(), 503, ['server had an error']);
      openai.setSpeechAnswer({ kind: 'malformed' });
      await speechFailure(() => run(), 502, ['html']);
      openai.setSpeechAnswer({ kind: 'success' });
      openai.retireModel('gpt-4o-mini-tts-retired');
      const unknown = await speechFailure(() => run('gpt-4o-mini-tts-retired'), 503, ['does not exist']);
      expect(unknown.message).toContain('"gpt-4o-mini-tts-retired"');
      expect(unknown.cause).toBeInstanceOf(ModelNotFoundError);
      expect((unknown.cause as ModelNotFoundError).providerMessage).not.toContain(API_KEY);
    });
  });

  describe('transcription (POST /v1/audio/transcriptions)', () => {
    it('uploads the file to whisper-1 as verbose_json with word timestamps and returns the TimedWords', async () => {
      openai.setTranscriptionAnswer({
        kind: 'success',
        words: [
          { word: 'Hello', start: 0.8, end: 1.28 },
          { word: 'world', start: 1.28, end: 1.7 },
        ],
      });
      const words = await transcriber().transcribe({ audioFile, language: 'en-US' });
      expect(words).toEqual([
        { text: 'Hello', start: 0.8, end: 1.28 },
        { text: 'world', start: 1.28, end: 1.7 },
      ]);
      const request = openai.transcriptionRequests.at(-1);
      expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
      expect(request?.fields).toMatchObject({ model: 'whisper-1', response_format: 'verbose_json', 'timestamp_granularities[]': 'word', language: 'en' });
      expect(request?.file).toMatchObject({ name: 'speech.wav', bytes: (await fs.stat(audioFile)).size });
      expect(transcriber()).toMatchObject({ engine: 'openai', draft: false });
    });

    it('refuses audio over the 25 MB upload limit with a 400 before sending (no ffmpeg to compress it)', async () => {
      const big = path.join(dir, 'long.wav');
      await fs.writeFile(big, wavFile(Buffer.alloc(0)));
      await fs.truncate(big, OPENAI_MAX_UPLOAD_BYTES + 1);
      const count = openai.transcriptionRequests.length;
      expect((await speechFailure(() => transcriber().transcribe({ audioFile: big }), 400)).message).toMatch(/25 MB/);
      expect(openai.transcriptionRequests.length).toBe(count);
    });

    it('no words is a 400; verbose_json without words a 502; quota 429; unknown model 503; server error 503', async () => {
      openai.setTranscriptionAnswer({ kind: 'success', words: [], text: '' });
      await speechFailure(() => transcriber().transcribe({ audioFile }), 400);
      openai.setTranscriptionAnswer({ kind: 'malformed' });
      await speechFailure(() => transcriber().transcribe({ audioFile }), 502, ['Hello world.']);
      openai.setTranscriptionAnswer({ kind: 'http-error', status: 429, message: 'You exceeded your current quota.', type: 'insufficient_quota', code: 'insufficient_quota' });
      await speechFailure(() => transcriber().transcribe({ audioFile }), 429, ['exceeded your current quota']);
      openai.setTranscriptionAnswer({ kind: 'http-error', status: 503, message: 'Service unavailable.', type: 'server_error', code: null });
      await speechFailure(() => transcriber().transcribe({ audioFile }), 503, ['Service unavailable.']);
      openai.retireModel('whisper-0');
      expect((await speechFailure(() => transcriber('whisper-0').transcribe({ audioFile }), 503)).message).toContain('"whisper-0"');
    });
  });
});
