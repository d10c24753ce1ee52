import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import { headerValue, isRecord, listenOnLoopback, readJson, sendGoogleError, sendJson } from './fake-http.ts';
import { geminiModelNotFound } from './fake-veo-server.ts';
import { toneBurstsPcm } from './speech-audio.ts';

/** How the fake answers generateContent, until told otherwise. */
export type FakeGeminiAnswer =
  /** The value, serialised, as the text part (what structured output looks like). */
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  /** Text that claims to be JSON but is cut off. */
  | { kind: 'malformed-json'; text?: string }
  /** An inline image part; without `image`, a PNG of Gemini's size for the requested aspect ratio. */
  | { kind: 'image'; image?: Buffer; mimeType?: string; text?: string }
  /**
   * Speech (TTS models): an inline audio part. Without `audio`, 0.6 s of tone bursts as raw 16-bit PCM,
   * `audio/L16;codec=pcm;rate=24000`, as the earlier TTS models send; the 3.8 models send a WAV instead.
   */
  | { kind: 'audio'; audio?: Buffer; mimeType?: string }
  /** Transcription (audioTranscriptionConfig): a part with `audioTranscription` whose words carry Duration offsets ("1.5s"). */
  | { kind: 'transcription'; words: Array<{ word: string; start: number; end: number }>; text?: string; languageCode?: string }
  /** A candidate that ends with this finish reason and no parts (e.g. SAFETY, IMAGE_SAFETY, NO_IMAGE). */
  | { kind: 'finish'; finishReason: string; finishMessage?: string }
  /** The prompt itself blocked: `promptFeedback.blockReason`, no candidates. */
  | { kind: 'prompt-blocked'; blockReason: string }
  /** A Google JSON error `{ error: { code, message, status } }` with HTTP status `code` (e.g. 429 RESOURCE_EXHAUSTED). */
  | { kind: 'http-error'; code: number; message: string; status: string };

export interface RecordedGenerateContent {
  model: string;
  /** The `x-goog-api-key` header (Gemini API). */
  apiKey: string | undefined;
  /** The `authorization` header (Vertex AI: `Bearer <access token>`). */
  authorization: string | undefined;
  /** The request body as sent. */
  body: Record<string, unknown>;
  /** The system instruction's text parts, joined. */
  systemInstruction: string | undefined;
  contents: Array<{ role?: string; parts?: Array<Record<string, unknown>> }>;
  generationConfig: Record<string, unknown>;
}

export interface FakeGeminiServerOptions {
  /** The key every request must carry in `x-goog-api-key`. */
  apiKey: string;
  answer?: FakeGeminiAnswer;
}

/** What Gemini 2.5 Flash Image returns for each aspect ratio. */
const IMAGE_SIZES: Record<string, [number, number]> = {
  '1:1': [1024, 1024],
  '2:3': [832, 1248],
  '3:2': [1248, 832],
  '3:4': [864, 1184],
  '4:3': [1184, 864],
  '4:5': [896, 1152],
  '5:4': [1152, 896],
  '9:16': [768, 1344],
  '16:9': [1344, 768],
  '21:9': [1536, 672],
};

/**
 * A real HTTP server on a free loopback port that speaks the Gemini API's generateContent route
 * (`POST /v1beta/models/{model}:generateContent`) and models.get (`GET /v1beta/models/{model}`),
 * with Google's answer and error shapes.
 */
export async function startFakeGeminiServer(options: FakeGeminiServerOptions) {
  const requests: RecordedGenerateContent[] = [];
  const retired = new Set<string>();
  let answer: FakeGeminiAnswer = options.answer ?? { kind: 'text', text: 'Hello from the fake Gemini.' };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://fake-gemini').pathname);
    const apiKey = headerValue(req.headers['x-goog-api-key']);
    const modelGet = /^\/v1beta\/models\/([^/:]+)$/.exec(path);
    if (req.method === 'GET' && modelGet?.[1]) {
      if (apiKey !== options.apiKey) return sendApiKeyError(res);
      if (retired.has(modelGet[1])) return sendGoogleError(res, geminiModelNotFound(modelGet[1], 'get'));
      return sendJson(res, 200, {
        name: `models/${modelGet[1]}`,
        displayName: modelGet[1],
        supportedGenerationMethods: ['generateContent', 'countTokens'],
      });
    }
    const route = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(path);
    if (req.method !== 'POST' || !route?.[1]) {
      return sendGoogleError(res, { code: 404, message: `No route for ${req.method} ${path}.`, status: 'NOT_FOUND' });
    }
    const model = route[1];
    const recorded = await recordGenerateContent(req, model);
    requests.push(recorded);

    if (apiKey !== options.apiKey) return sendApiKeyError(res);
    if (retired.has(model)) return sendGoogleError(res, geminiModelNotFound(model, 'generateContent'));
    answerGenerateContent(res, recorded, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendGoogleError(res, { code: 500, message: `Fake Gemini failed: ${String(error)}`, status: 'INTERNAL' });
    });
  });
  const { baseUrl, close } = await listenOnLoopback(server);

  return {
    baseUrl,
    /** Every generateContent request received, in order, with its JSON parsed. */
    requests,
    lastRequest: (): RecordedGenerateContent | undefined => requests.at(-1),
    /** How requests from now on are answered. */
    setAnswer(next: FakeGeminiAnswer) {
      answer = next;
    },
    /** Google shuts the model down: from now on generateContent and models.get for it answer 404 NOT_FOUND. */
    retireModel(model: string) {
      retired.add(model);
    },
    close,
  };
}

/** A generateContent request as the fakes record it (both back-ends send the same body). */
export async function recordGenerateContent(req: IncomingMessage, model: string): Promise<RecordedGenerateContent> {
  const body = (await readJson(req)) ?? {};
  const generationConfig = isRecord(body.generationConfig) ? body.generationConfig : {};
  const contents = Array.isArray(body.contents) ? (body.contents as RecordedGenerateContent['contents']) : [];
  return {
    model,
    apiKey: headerValue(req.headers['x-goog-api-key']),
    authorization: headerValue(req.headers.authorization),
    body,
    systemInstruction: systemText(body.systemInstruction),
    contents,
    generationConfig,
  };
}

/** Answers an authorised generateContent request as `answer` says (both back-ends answer alike). */
export function answerGenerateContent(res: ServerResponse, request: RecordedGenerateContent, answer: FakeGeminiAnswer): void {
  const invalid = invalidRequest(request.contents, request.generationConfig);
  if (invalid) return sendGoogleError(res, { code: 400, message: invalid, status: 'INVALID_ARGUMENT' });
  if (answer.kind === 'http-error') return sendGoogleError(res, answer);
  sendJson(res, 200, responseFor(answer, request.model, request.generationConfig));
}

function responseFor(answer: Exclude<FakeGeminiAnswer, { kind: 'http-error' }>, model: string, config: Record<string, unknown>) {
  const meta = {
    usageMetadata: { promptTokenCount: 42, candidatesTokenCount: 17, totalTokenCount: 59 },
    modelVersion: model,
    responseId: randomBytes(8).toString('base64url'),
  };
  const candidate = (parts: Array<Record<string, unknown>>) => ({
    candidates: [{ content: { parts, role: 'model' }, finishReason: 'STOP', index: 0 }],
    ...meta,
  });
  switch (answer.kind) {
    case 'json':
      return candidate([{ text: JSON.stringify(answer.value) }]);
    case 'text':
      return candidate([{ text: answer.text }]);
    case 'malformed-json':
      return candidate([{ text: answer.text ?? '{"suggestions": [{"type": "effect", "title": "Try sepia", "descr' }]);
    case 'image': {
      const imageConfig = isRecord(config.imageConfig) ? config.imageConfig : {};
      const [width, height] = IMAGE_SIZES[String(imageConfig.aspectRatio ?? '1:1')] ?? [1024, 1024];
      const image = answer.image ?? solidPng(width, height, [40, 120, 200]);
      const parts: Array<Record<string, unknown>> = [];
      if (answer.text) parts.push({ text: answer.text });
      parts.push({ inlineData: { mimeType: answer.mimeType ?? 'image/png', data: image.toString('base64') } });
      return candidate(parts);
    }
    case 'audio':
      return candidate([
        { inlineData: { mimeType: answer.mimeType ?? 'audio/L16;codec=pcm;rate=24000', data: (answer.audio ?? toneBurstsPcm()).toString('base64') } },
      ]);
    case 'transcription':
      return candidate([
        {
          audioTranscription: {
            text: answer.text ?? answer.words.map((word) => word.word).join(' '),
            languageCode: answer.languageCode ?? 'en-US',
            words: answer.words.map((word) => ({ word: word.word, startOffset: `${word.start}s`, endOffset: `${word.end}s` })),
          },
        },
      ]);
    case 'finish':
      return {
        candidates: [
          {
            content: { role: 'model' },
            finishReason: answer.finishReason,
            ...(answer.finishMessage ? { finishMessage: answer.finishMessage } : {}),
            index: 0,
          },
        ],
        ...meta,
      };
    case 'prompt-blocked':
      return {
        promptFeedback: {
          blockReason: answer.blockReason,
          safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH' }],
        },
        ...meta,
      };
  }
}

/** The checks the real API makes that an adapter could get wrong. */
function invalidRequest(contents: RecordedGenerateContent['contents'], config: Record<string, unknown>): string | undefined {
  if (contents.length === 0) return '* GenerateContentRequest.contents: contents is not specified';
  for (const content of contents) {
    if (content.role !== undefined && content.role !== 'user' && content.role !== 'model') {
      return `Please use a valid role: user, model. Got: ${String(content.role)}`;
    }
    if (!Array.isArray(content.parts) || content.parts.length === 0) {
      return '* GenerateContentRequest.contents[].parts: contents.parts must not be empty.';
    }
  }
  if (config.responseJsonSchema !== undefined && config.responseMimeType !== 'application/json') {
    return 'responseJsonSchema requires responseMimeType application/json.';
  }
  if (config.responseJsonSchema !== undefined && config.responseSchema !== undefined) {
    return 'responseSchema and responseJsonSchema cannot both be set.';
  }
  return invalidSpeechRequest(contents, config);
}

/** The speech models' checks: a TTS request names a voice and no sampling parameters; a transcription carries audio. */
function invalidSpeechRequest(contents: RecordedGenerateContent['contents'], config: Record<string, unknown>): string | undefined {
  const modalities = Array.isArray(config.responseModalities) ? config.responseModalities : [];
  if (modalities.includes('AUDIO')) {
    const speech = isRecord(config.speechConfig) ? config.speechConfig : {};
    const voice = isRecord(speech.voiceConfig) ? speech.voiceConfig : {};
    const prebuilt = isRecord(voice.prebuiltVoiceConfig) ? voice.prebuiltVoiceConfig : {};
    if (typeof prebuilt.voiceName !== 'string' && typeof voice.voice !== 'string') return 'speechConfig.voiceConfig: a voice is required.';
    for (const name of ['temperature', 'topP', 'topK']) {
      if (config[name] !== undefined) return `${name} is not supported for this model.`;
    }
  }
  const transcription = isRecord(config.audioTranscriptionConfig) ? config.audioTranscriptionConfig : undefined;
  if (transcription) {
    const hasAudio = contents.some((content) =>
      (content.parts ?? []).some((part) => {
        const media = isRecord(part.inlineData) ? part.inlineData : isRecord(part.fileData) ? part.fileData : undefined;
        return typeof media?.mimeType === 'string' && media.mimeType.startsWith('audio/');
      }),
    );
    if (!hasAudio) return 'audioTranscriptionConfig requires an audio part.';
    if (transcription.mode === 'SMART' && (transcription.wordTimestamp === true || transcription.diarization === true)) {
      return 'Timestamps and diarization are incompatible with mode SMART.';
    }
  }
  return undefined;
}

/** A PNG of one colour, encoded here so tests need no image library. */
export function solidPng(width: number, height: number, rgb: readonly [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function systemText(value: unknown): string | undefined {
  if (!isRecord(value) || !Array.isArray(value.parts)) return undefined;
  return value.parts
    .map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

function sendApiKeyError(res: ServerResponse): void {
  sendGoogleError(res, { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' });
}
