import type { GenerateContentResponse } from '@google/genai';
import { backendSecret, createGoogleClient, type GoogleBackend } from '../google/google-backend.ts';
import { describeFailure, redactor, type ProviderLogger } from '../text-model/ai-errors.ts';
import { alignedSynthesis } from './aligned-synthesis.ts';
import { googleSpeechFailure, speechRefusal } from './google-speech-failures.ts';
import { DEFAULT_SPEECH_TIMEOUT_MS, boundedCall, unusableAnswer } from './speech-calls.ts';
import { SpeechError, type SpeechAligner, type SpeechSynthesizer, type Voice } from './speech.ts';
import { isWav, readWav, type PcmAudio } from '../../render/wav.ts';

export interface GeminiSpeechSynthesizerOptions {
  backend: GoogleBackend;
  /** The TTS model ID, e.g. `gemini-3.8-flash-tts` (GEMINI_SPEECH_MODEL, since IDs get retired). */
  model: string;
  /** Times the script's words in the audio: the keyed service returns none. */
  aligner: SpeechAligner;
  timeoutMs?: number;
  logger?: ProviderLogger;
}

/** A few of the prebuilt voices the Gemini TTS models document (speech-generation guide, "Voice options"). */
const VOICE_NAMES = ['Kore', 'Puck', 'Charon', 'Zephyr', 'Fenrir', 'Leda', 'Aoede', 'Sulafat'] as const;

export const GEMINI_VOICES: readonly Voice[] = VOICE_NAMES.map((name) => ({
  id: `gemini:${name}`,
  name,
  engine: 'gemini',
  language: 'en-US',
}));

/** What the TTS models answer when the mime type names no rate: 16-bit PCM, mono, 24 kHz. */
const DEFAULT_PCM_RATE = 24_000;

/**
 * The answer's audio as 16-bit mono PCM. The earlier models send raw PCM (`audio/L16;codec=pcm;rate=24000`);
 * the 3.8 models send a whole WAV of the same PCM to a unary request. Anything else is undefined.
 */
function answerAudio(response: GenerateContentResponse): PcmAudio | undefined {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  const inline = parts.find((part) => part.inlineData?.data && part.inlineData.mimeType?.startsWith('audio/'))?.inlineData;
  if (!inline?.data) return undefined;
  const bytes = Buffer.from(inline.data, 'base64');
  const mimeType = inline.mimeType ?? '';
  let audio: PcmAudio | undefined;
  if (isWav(bytes)) audio = readWav(bytes);
  else if (/^audio\/(l16|pcm)\b/i.test(mimeType)) {
    const rate = Number(/rate=(\d+)/i.exec(mimeType)?.[1] ?? DEFAULT_PCM_RATE);
    const channels = Number(/channels=(\d+)/i.exec(mimeType)?.[1] ?? 1);
    audio = { samples: bytes.subarray(0, bytes.length - (bytes.length % (2 * channels))), sampleRate: rate, channels };
  }
  if (!audio || audio.channels !== 1 || audio.samples.length === 0 || !(audio.sampleRate >= 8000 && audio.sampleRate <= 96_000)) {
    return undefined;
  }
  return audio;
}

/** The SpeechSynthesizer for Gemini TTS (`generateContent` with `responseModalities: ['AUDIO']`), on either Google back-end. */
export function createGeminiSpeechSynthesizer(options: GeminiSpeechSynthesizerOptions): SpeechSynthesizer {
  const { model, aligner, logger } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_SPEECH_TIMEOUT_MS;
  const ai = createGoogleClient(options.backend);
  const redact = redactor(backendSecret(options.backend));

  return {
    engine: 'gemini',
    voices: () => GEMINI_VOICES,
    async synthesize(request) {
      const voice = GEMINI_VOICES.find((candidate) => candidate.id === request.voiceId);
      if (!voice) throw new SpeechError('Choose one of the Gemini voices.', 400);
      return alignedSynthesis(aligner, request, async (spoken) => {
        const call = boundedCall(timeoutMs, request.signal);
        let response: GenerateContentResponse;
        try {
          response = await ai.models.generateContent({
            model,
            // The text alone: the TTS models read every word of it, so no direction is written into it.
            contents: [{ role: 'user', parts: [{ text: spoken }] }],
            config: {
              responseModalities: ['AUDIO'],
              speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: voice.name } } },
              abortSignal: call.signal,
            },
          });
        } catch (error) {
          const failure = googleSpeechFailure(error, {
            role: 'speech', model, variable: 'GEMINI_SPEECH_MODEL', call, callerSignal: request.signal, redact,
          });
          logger?.warn({ model, reason: describeFailure(error, redact) }, 'Gemini speech call failed');
          throw failure;
        }
        const refusal = speechRefusal(response, 'speech');
        if (refusal) {
          logger?.warn(
            { model, blockReason: response.promptFeedback?.blockReason, finishReason: response.candidates?.[0]?.finishReason },
            'Gemini refused to speak a script',
          );
          throw refusal;
        }
        const audio = answerAudio(response);
        if (!audio) {
          logger?.warn({ model, finishReason: response.candidates?.[0]?.finishReason }, 'Gemini answered without usable audio');
          throw unusableAnswer('speech');
        }
        return audio;
      });
    },
  };
}
