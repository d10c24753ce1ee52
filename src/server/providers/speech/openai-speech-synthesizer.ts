import { describeFailure, redactor, type ProviderLogger } from '../text-model/ai-errors.ts';
import { alignedSynthesis } from './aligned-synthesis.ts';
import { createOpenAiSpeechClient, openAiSpeechFailure, type OpenAiSpeechClientOptions } from './openai-speech-failures.ts';
import { DEFAULT_SPEECH_TIMEOUT_MS, boundedCall, unusableAnswer } from './speech-calls.ts';
import { SpeechError, type SpeechAligner, type SpeechSynthesizer, type Voice } from './speech.ts';
import { readWav } from '../../render/wav.ts';

export interface OpenAiSpeechSynthesizerOptions extends OpenAiSpeechClientOptions {
  /** Default `gpt-4o-mini-tts`. */
  model?: string;
  /** The variable that chooses `model`, named when OpenAI does not know it. */
  modelVariable?: string;
  /** Times the script's words in the audio: the speech endpoint returns none. */
  aligner: SpeechAligner;
  timeoutMs?: number;
  logger?: ProviderLogger;
}

const DEFAULT_OPENAI_SPEECH_MODEL = 'gpt-4o-mini-tts';

/** Built-in voices of `POST /v1/audio/speech` (API reference, `voice`). */
const VOICE_NAMES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'sage', 'shimmer', 'verse', 'marin', 'cedar'] as const;

export const OPENAI_VOICES: readonly Voice[] = VOICE_NAMES.map((name) => ({
  id: `openai:${name}`,
  name: name.charAt(0).toUpperCase() + name.slice(1),
  engine: 'openai',
  language: 'en-US',
}));

/** How the gpt-4o-mini-tts family is asked to read (`instructions`; tts-1 and tts-1-hd take none). */
const READING_INSTRUCTIONS = 'Read the text as a clear, natural voice-over for a short video, at an even pace.';

/** The SpeechSynthesizer for OpenAI's speech endpoint (`audio.speech.create`, WAV), timed by a SpeechAligner. */
export function createOpenAiSpeechSynthesizer(options: OpenAiSpeechSynthesizerOptions): SpeechSynthesizer {
  const { aligner, logger, modelVariable } = options;
  const model = options.model ?? DEFAULT_OPENAI_SPEECH_MODEL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_SPEECH_TIMEOUT_MS;
  const client = createOpenAiSpeechClient(options);
  const redact = redactor(options.apiKey);

  return {
    engine: 'openai',
    voices: () => OPENAI_VOICES,
    async synthesize(request) {
      const voice = OPENAI_VOICES.find((candidate) => candidate.id === request.voiceId);
      if (!voice) throw new SpeechError('Choose one of the OpenAI voices.', 400);
      const voiceName = voice.id.slice('openai:'.length);
      return alignedSynthesis(aligner, request, async (spoken) => {
        const call = boundedCall(timeoutMs, request.signal);
        let bytes: Buffer;
        try {
          const response = await client.audio.speech.create(
            {
              model,
              voice: voiceName,
              input: spoken,
              response_format: 'wav',
              ...(model.startsWith('tts-1') ? {} : { instructions: READING_INSTRUCTIONS }),
            },
            { signal: call.signal, timeout: timeoutMs },
          );
          bytes = Buffer.from(await response.arrayBuffer());
        } catch (error) {
          const failure = openAiSpeechFailure(error, { role: 'speech', model, variable: modelVariable, call, callerSignal: request.signal, redact });
          logger?.warn({ model, reason: describeFailure(error, redact) }, 'OpenAI speech call failed');
          throw failure;
        }
        const audio = readWav(bytes);
        if (!audio || audio.channels !== 1 || audio.samples.length === 0) {
          logger?.warn({ model, bytes: bytes.length }, 'OpenAI answered without a usable WAV');
          throw unusableAnswer('speech');
        }
        return audio;
      });
    },
  };
}
