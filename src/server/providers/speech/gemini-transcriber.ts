import fs from 'node:fs/promises';
import path from 'node:path';
import type { GenerateContentResponse, Transcription } from '@google/genai';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { withScratchDir } from '../../render/scratch-dir.ts';
import { backendSecret, createGoogleClient, type GoogleBackend } from '../google/google-backend.ts';
import { describeFailure, redactor, type ProviderLogger } from '../text-model/ai-errors.ts';
import { googleSpeechFailure, speechRefusal } from './google-speech-failures.ts';
import { DEFAULT_SPEECH_TIMEOUT_MS, boundedCall, callerAbort, unusableAnswer } from './speech-calls.ts';
import { SpeechError, type TimedWord, type Transcriber } from './speech.ts';

export interface GeminiTranscriberOptions {
  backend: GoogleBackend;
  /** The transcription model ID, e.g. `gemini-3.5-transcribe` (GEMINI_TRANSCRIBE_MODEL). */
  model: string;
  /** Converts the audio to the compact form sent inline. */
  ffmpeg: FfmpegBinaries;
  timeoutMs?: number;
  logger?: ProviderLogger;
}

/** gemini-3.5-transcribe processes up to 15 minutes of a file when word timestamps are on. */
const MAX_TRANSCRIPTION_SECONDS = 15 * 60;
/** Mono 16 kHz FLAC of 15 minutes is about 15 MB; the bound keeps the inline request well inside the API's. */
const MAX_INLINE_AUDIO_BYTES = 20 * 1024 * 1024;
const CONVERSION_TIMEOUT_MS = 120_000;

/** A protobuf Duration in its JSON form ("1.250s") as seconds; undefined for anything else. */
function durationSeconds(value: string | undefined): number | undefined {
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value?.trim() ?? '');
  return match ? Number(match[1]) : undefined;
}

/** The answer's words (parts' `audioTranscription.words`, in order); undefined when the answer holds no usable transcription. */
function transcriptionWords(response: GenerateContentResponse): TimedWord[] | undefined {
  const transcriptions = (response.candidates?.[0]?.content?.parts ?? [])
    .map((part) => part.audioTranscription)
    .filter((transcription): transcription is Transcription => transcription !== undefined);
  if (transcriptions.length === 0) return undefined;
  const words: TimedWord[] = [];
  for (const transcription of transcriptions) {
    if (!transcription.words?.length) {
      // Text without words means the timestamps were not given: not something captions can use.
      if (transcription.text?.trim()) return undefined;
      continue;
    }
    for (const word of transcription.words) {
      const text = word.word?.trim() ?? '';
      const start = durationSeconds(word.startOffset);
      const end = durationSeconds(word.endOffset);
      if (!text || start === undefined || end === undefined || end < start) return undefined;
      words.push({ text, start, end });
    }
  }
  return words;
}

/** The Transcriber for Gemini's transcription model (`generateContent` with `audioTranscriptionConfig.wordTimestamp`). */
export function createGeminiTranscriber(options: GeminiTranscriberOptions): Transcriber {
  const { model, ffmpeg, logger } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_SPEECH_TIMEOUT_MS;
  const ai = createGoogleClient(options.backend);
  const redact = redactor(backendSecret(options.backend));

  /** The first audio stream as mono 16 kHz FLAC, checked against the length and size limits. */
  async function compactAudio(audioFile: string, dir: string, signal: AbortSignal | undefined): Promise<Buffer> {
    const output = path.join(dir, 'audio.flac');
    let seconds: number;
    try {
      const args = ['-i', audioFile, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000', '-t', String(MAX_TRANSCRIPTION_SECONDS + 1), '-c:a', 'flac', output];
      ({ outTimeSeconds: seconds } = await runFfmpeg(ffmpeg, args, { signal, timeoutMs: CONVERSION_TIMEOUT_MS }));
    } catch (error) {
      const aborted = callerAbort(signal);
      if (aborted) throw aborted;
      logger?.warn({ reason: describeFailure(error, (text) => text) }, 'audio for transcription could not be converted');
      throw new SpeechError('This audio could not be read. Use a file with a sound track.', 400);
    }
    if (seconds > MAX_TRANSCRIPTION_SECONDS) {
      throw new SpeechError(`The audio is too long to transcribe: keep it under ${MAX_TRANSCRIPTION_SECONDS / 60} minutes.`, 400);
    }
    const bytes = await fs.readFile(output);
    if (bytes.length > MAX_INLINE_AUDIO_BYTES) throw new SpeechError('The audio is too large to transcribe.', 400);
    return bytes;
  }

  return {
    engine: 'gemini',
    draft: false,
    async transcribe(request) {
      return withScratchDir('gemini-transcribe', async (dir) => {
        const audio = await compactAudio(request.audioFile, dir, request.signal);
        const call = boundedCall(timeoutMs, request.signal);
        let response: GenerateContentResponse;
        try {
          response = await ai.models.generateContent({
            model,
            contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'audio/flac', data: audio.toString('base64') } }] }],
            config: {
              audioTranscriptionConfig: { wordTimestamp: true, ...(request.language ? { languageCodes: [request.language] } : {}) },
              abortSignal: call.signal,
            },
          });
        } catch (error) {
          const failure = googleSpeechFailure(error, {
            role: 'transcription', model, variable: 'GEMINI_TRANSCRIBE_MODEL', call, callerSignal: request.signal, redact,
          });
          logger?.warn({ model, reason: describeFailure(error, redact) }, 'Gemini transcription call failed');
          throw failure;
        }
        const refusal = speechRefusal(response, 'transcription');
        if (refusal) {
          logger?.warn({ model, blockReason: response.promptFeedback?.blockReason }, 'Gemini refused to transcribe audio');
          throw refusal;
        }
        const words = transcriptionWords(response);
        if (!words) {
          logger?.warn({ model, finishReason: response.candidates?.[0]?.finishReason }, 'Gemini answered without word timestamps');
          throw unusableAnswer('transcription');
        }
        if (words.length === 0) throw new SpeechError('No speech was heard in this audio.', 400);
        return words;
      });
    },
  };
}
