import fs from 'node:fs/promises';
import path from 'node:path';
import { toFile } from 'openai';
import type { TranscriptionVerbose } from 'openai/resources/audio/transcriptions';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { withScratchDir } from '../../render/scratch-dir.ts';
import { describeFailure, redactor, type ProviderLogger } from '../text-model/ai-errors.ts';
import { createOpenAiSpeechClient, openAiSpeechFailure, type OpenAiSpeechClientOptions } from './openai-speech-failures.ts';
import { DEFAULT_SPEECH_TIMEOUT_MS, boundedCall, callerAbort, unusableAnswer } from './speech-calls.ts';
import { SpeechError, type TimedWord, type Transcriber } from './speech.ts';

export interface OpenAiTranscriberOptions extends OpenAiSpeechClientOptions {
  /** Default `whisper-1` (word timestamps need verbose_json, which the gpt-4o transcribe models do not give). */
  model?: string;
  modelVariable?: string;
  /** When given, audio over the upload limit is re-encoded (mono 16 kHz MP3) before it is refused. */
  ffmpeg?: FfmpegBinaries;
  timeoutMs?: number;
  logger?: ProviderLogger;
}

const DEFAULT_OPENAI_TRANSCRIBE_MODEL = 'whisper-1';
/** OpenAI's upload limit for `POST /v1/audio/transcriptions`. */
export const OPENAI_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const TOO_LARGE = 'The audio is too large to transcribe (the limit is 25 MB).';

/** verbose_json's `words` as TimedWords; undefined when they are missing or malformed. */
function verboseWords(answer: TranscriptionVerbose): TimedWord[] | undefined {
  if (!Array.isArray(answer.words)) return answer.text?.trim() === '' ? [] : undefined;
  const words: TimedWord[] = [];
  for (const word of answer.words) {
    const text = typeof word.word === 'string' ? word.word.trim() : '';
    const { start, end } = word;
    if (!text || !Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end < start) return undefined;
    words.push({ text, start, end });
  }
  return words;
}

/** The Transcriber for OpenAI's transcriptions endpoint (`whisper-1`, verbose_json with word timestamps). */
export function createOpenAiTranscriber(options: OpenAiTranscriberOptions): Transcriber {
  const { logger, modelVariable, ffmpeg } = options;
  const model = options.model ?? DEFAULT_OPENAI_TRANSCRIBE_MODEL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_SPEECH_TIMEOUT_MS;
  const client = createOpenAiSpeechClient(options);
  const redact = redactor(options.apiKey);

  /** The file to upload: the audio itself when it fits, else its compact MP3 when ffmpeg is there and that fits. */
  async function uploadable(audioFile: string, dir: string, signal: AbortSignal | undefined): Promise<string> {
    const { size } = await fs.stat(audioFile).catch(() => {
      throw new SpeechError('This audio could not be read.', 400);
    });
    if (size <= OPENAI_MAX_UPLOAD_BYTES) return audioFile;
    if (!ffmpeg) throw new SpeechError(TOO_LARGE, 400);
    const output = path.join(dir, 'audio.mp3');
    try {
      await runFfmpeg(ffmpeg, ['-i', audioFile, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '48k', output], {
        signal,
        timeoutMs: 300_000,
      });
    } catch (error) {
      const aborted = callerAbort(signal);
      if (aborted) throw aborted;
      logger?.warn({ reason: describeFailure(error, (text) => text) }, 'audio for transcription could not be compressed');
      throw new SpeechError('This audio could not be read. Use a file with a sound track.', 400);
    }
    if ((await fs.stat(output)).size > OPENAI_MAX_UPLOAD_BYTES) throw new SpeechError(TOO_LARGE, 400);
    return output;
  }

  return {
    engine: 'openai',
    draft: false,
    async transcribe(request) {
      return withScratchDir('openai-transcribe', async (dir) => {
        const file = await uploadable(request.audioFile, dir, request.signal);
        const call = boundedCall(timeoutMs, request.signal);
        let answer: TranscriptionVerbose;
        try {
          answer = await client.audio.transcriptions.create(
            {
              file: await toFile(await fs.readFile(file), path.basename(file)),
              model,
              response_format: 'verbose_json',
              timestamp_granularities: ['word'],
              // ISO-639-1, which is the BCP 47 tag's first subtag ("en-US" → "en").
              ...(request.language ? { language: request.language.split('-')[0]!.toLowerCase() } : {}),
            },
            { signal: call.signal, timeout: timeoutMs },
          );
        } catch (error) {
          const failure = openAiSpeechFailure(error, { role: 'transcription', model, variable: modelVariable, call, callerSignal: request.signal, redact });
          logger?.warn({ model, reason: describeFailure(error, redact) }, 'OpenAI transcription call failed');
          throw failure;
        }
        const words = typeof answer === 'object' && answer !== null ? verboseWords(answer) : undefined;
        if (!words) {
          logger?.warn({ model }, 'OpenAI answered without word timestamps');
          throw unusableAnswer('transcription');
        }
        if (words.length === 0) throw new SpeechError('No speech was heard in this audio.', 400);
        return words;
      });
    },
  };
}
