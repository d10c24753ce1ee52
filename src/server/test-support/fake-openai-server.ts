import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solidPng } from './fake-gemini-server.ts';
import { headerValue, readJson, sendJson } from './fake-http.ts';
import { toneBurstsPcm, wavFile } from './speech-audio.ts';

/** How the fake answers `POST /v1/images/generations`, until told otherwise. */
export type FakeOpenAiAnswer =
  /** `{ created, data: [{ b64_json }] }`; without `image`, a PNG of the requested size. */
  | { kind: 'success'; image?: Buffer }
  /** What OpenAI answers when its safety system rejects the prompt (HTTP 400). */
  | { kind: 'content-policy'; message?: string; code?: string }
  /** Any other OpenAI error `{ error: { message, type, param, code } }`, e.g. 429 rate_limit_exceeded. */
  | { kind: 'http-error'; status: number; message: string; type: string; code: string | null };

/** An OpenAI error `{ error: { message, type, param, code } }` sent with `status`, e.g. 429 rate_limit_exceeded. */
interface FakeOpenAiHttpError {
  kind: 'http-error';
  status: number;
  message: string;
  type: string;
  code: string | null;
}

/** How the fake answers `POST /v1/audio/speech`. */
export type FakeOpenAiSpeechAnswer =
  /** WAV bytes (24 kHz 16-bit mono); without `audio`, 0.6 s of tone bursts; `unknownLength`: a streamed header's 0xFFFFFFFF sizes. */
  | { kind: 'success'; audio?: Buffer; unknownLength?: boolean }
  /** A 400 from the safety system. */
  | { kind: 'refusal'; message?: string; code?: string }
  /** 200 with bytes that are no WAV. */
  | { kind: 'malformed' }
  | FakeOpenAiHttpError;

/** How the fake answers `POST /v1/audio/transcriptions` (multipart). */
export type FakeOpenAiTranscriptionAnswer =
  /** verbose_json: `{ task, language, duration, text, words: [{ word, start, end }] }` (words only when asked for). */
  | { kind: 'success'; words: Array<{ word: string; start: number; end: number }>; text?: string; language?: string; duration?: number }
  /** verbose_json with text but without `words`. */
  | { kind: 'malformed' }
  | FakeOpenAiHttpError;

interface RecordedSpeech {
  authorization: string | undefined;
  body: Record<string, unknown>;
}

interface RecordedTranscription {
  authorization: string | undefined;
  /** The form's text fields; repeated ones (`timestamp_granularities[]`) as arrays. */
  fields: Record<string, string | string[]>;
  file: { name: string; type: string; bytes: number } | undefined;
}

const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'];
const TRANSCRIPTION_FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt'];
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export interface RecordedImageGeneration {
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeOpenAiServerOptions {
  /** The key every request must carry as `Authorization: Bearer <key>`. */
  apiKey: string;
  answer?: FakeOpenAiAnswer;
}

const DALL_E_3 = { sizes: ['1024x1024', '1792x1024', '1024x1792'], qualities: ['standard', 'hd'] };
const GPT_IMAGE = { sizes: ['1024x1024', '1536x1024', '1024x1536', 'auto'], qualities: ['low', 'medium', 'high', 'auto'] };

/**
 * A real HTTP server on a free loopback port that speaks OpenAI's images API
 * (`POST /v1/images/generations`), checking sizes and parameters per model family as the API does.
 */
export async function startFakeOpenAiServer(options: FakeOpenAiServerOptions) {
  const requests: RecordedImageGeneration[] = [];
  let answer: FakeOpenAiAnswer = options.answer ?? { kind: 'success' };

  const retired = new Set<string>();
  const modelChecks: string[] = [];
  const speechRequests: RecordedSpeech[] = [];
  const transcriptionRequests: RecordedTranscription[] = [];
  let speechAnswer: FakeOpenAiSpeechAnswer = { kind: 'success' };
  let transcriptionAnswer: FakeOpenAiTranscriptionAnswer = { kind: 'success', words: [] };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://fake-openai').pathname);
    const authorization = headerValue(req.headers.authorization);
    const modelPath = /^\/v1\/models\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && modelPath?.[1]) {
      const model = modelPath[1];
      modelChecks.push(model);
      if (authorization !== `Bearer ${options.apiKey}`) return sendKeyError(res, authorization);
      if (retired.has(model)) return sendModelNotFound(res, model);
      return sendJsonWithId(res, 200, { id: model, object: 'model', created: 1_700_000_000, owned_by: 'openai' });
    }
    if (req.method === 'POST' && path === '/v1/audio/speech') return handleSpeech(req, res, authorization);
    if (req.method === 'POST' && path === '/v1/audio/transcriptions') return handleTranscription(req, res, authorization);
    if (req.method !== 'POST' || path !== '/v1/images/generations') {
      return sendError(res, 404, { message: `Invalid URL (${req.method} ${path})`, type: 'invalid_request_error', code: null });
    }
    const body = (await readJson(req)) ?? {};
    requests.push({ authorization, body });

    if (authorization !== `Bearer ${options.apiKey}`) return sendKeyError(res, authorization);
    if (retired.has(String(body.model))) return sendModelNotFound(res, String(body.model));
    const invalid = invalidRequest(body);
    if (invalid) return sendError(res, 400, { ...invalid, type: 'invalid_request_error' });

    if (answer.kind === 'content-policy') {
      return sendError(res, 400, {
        message:
          answer.message ??
          'Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.',
        type: 'image_generation_user_error',
        code: answer.code ?? 'content_policy_violation',
      });
    }
    if (answer.kind === 'http-error') return sendError(res, answer.status, answer);

    const model = String(body.model ?? 'dall-e-2');
    const [width, height] = String(body.size && body.size !== 'auto' ? body.size : '1024x1024').split('x').map(Number);
    const image = answer.image ?? solidPng(width ?? 1024, height ?? 1024, [200, 90, 40]);
    const created = Math.floor(Date.now() / 1000);
    if (model.startsWith('dall-e')) {
      return sendJsonWithId(res, 200, {
        created,
        data: [{ b64_json: image.toString('base64'), revised_prompt: `A detailed picture of ${String(body.prompt)}` }],
      });
    }
    sendJsonWithId(res, 200, {
      created,
      background: 'opaque',
      output_format: 'png',
      quality: body.quality ?? 'auto',
      size: body.size ?? '1024x1024',
      data: [{ b64_json: image.toString('base64') }],
      usage: { input_tokens: 12, output_tokens: 4160, total_tokens: 4172 },
    });
  }

  async function handleSpeech(req: IncomingMessage, res: ServerResponse, authorization: string | undefined): Promise<void> {
    const body = (await readJson(req)) ?? {};
    speechRequests.push({ authorization, body });
    if (authorization !== `Bearer ${options.apiKey}`) return sendKeyError(res, authorization);
    if (retired.has(String(body.model))) return sendModelNotFound(res, String(body.model));
    const invalid = invalidSpeech(body);
    if (invalid) return sendError(res, 400, { ...invalid, type: 'invalid_request_error' });
    const answer = speechAnswer;
    if (answer.kind === 'http-error') return sendError(res, answer.status, answer);
    if (answer.kind === 'refusal') {
      return sendError(res, 400, {
        message: answer.message ?? 'Your request was rejected as a result of our safety system.',
        type: 'invalid_request_error',
        code: answer.code ?? 'moderation_blocked',
      });
    }
    const audio = answer.kind === 'malformed' ? Buffer.from('<html>not audio</html>') : (answer.audio ?? wavFile(toneBurstsPcm(), 24_000, { unknownLength: answer.unknownLength }));
    res.writeHead(200, { 'content-type': 'audio/wav', 'x-request-id': `req_${Date.now().toString(36)}` });
    res.end(audio);
  }

  async function handleTranscription(req: IncomingMessage, res: ServerResponse, authorization: string | undefined): Promise<void> {
    const raw = await readBytes(req);
    if (raw.length > MAX_UPLOAD_BYTES + 64 * 1024) {
      return sendError(res, 413, { message: `Maximum content size limit (${MAX_UPLOAD_BYTES}) exceeded.`, type: 'invalid_request_error', code: null });
    }
    const form = await new Response(raw, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
    const fields: Record<string, string | string[]> = {};
    let file: RecordedTranscription['file'];
    for (const [name, value] of form.entries()) {
      if (typeof value !== 'string') {
        file = { name: value.name, type: value.type, bytes: value.size };
        continue;
      }
      const previous = fields[name];
      fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    }
    transcriptionRequests.push({ authorization, fields, file });
    if (authorization !== `Bearer ${options.apiKey}`) return sendKeyError(res, authorization);
    const model = String(fields.model ?? '');
    if (retired.has(model)) return sendModelNotFound(res, model);
    const invalid = invalidTranscription(fields, file);
    if (invalid) return sendError(res, 400, { ...invalid, type: 'invalid_request_error' });
    const answer = transcriptionAnswer;
    if (answer.kind === 'http-error') return sendError(res, answer.status, answer);
    if (answer.kind === 'malformed') return sendJsonWithId(res, 200, { task: 'transcribe', language: 'english', duration: 1.2, text: 'Hello world.' });
    const wantsWords = [fields['timestamp_granularities[]'] ?? []].flat().includes('word');
    sendJsonWithId(res, 200, {
      task: 'transcribe',
      language: answer.language ?? 'english',
      duration: answer.duration ?? (answer.words.at(-1)?.end ?? 0) + 0.2,
      text: answer.text ?? answer.words.map((word) => word.word).join(' '),
      ...(wantsWords ? { words: answer.words } : {}),
      usage: { type: 'duration', seconds: Math.ceil(answer.duration ?? 1) },
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendError(res, 500, { message: `Fake OpenAI failed: ${String(error)}`, type: 'server_error', code: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** What to pass as the SDK's `baseURL` (OpenAI's own is `https://api.openai.com/v1`). */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    /** Every images request received, in order, with its JSON body. */
    requests,
    /** Every `/v1/audio/speech` request, with its JSON body. */
    speechRequests,
    /** Every `/v1/audio/transcriptions` request: its form fields and the file's name, type and size. */
    transcriptionRequests,
    setSpeechAnswer(next: FakeOpenAiSpeechAnswer) {
      speechAnswer = next;
    },
    setTranscriptionAnswer(next: FakeOpenAiTranscriptionAnswer) {
      transcriptionAnswer = next;
    },
    lastRequest: (): RecordedImageGeneration | undefined => requests.at(-1),
    /** Models asked about with `GET /v1/models/{model}`, in order. */
    modelChecks,
    /** From now on the model is unknown: models.retrieve and images for it answer 404 model_not_found. */
    retireModel(model: string) {
      retired.add(model);
    },
    setAnswer(next: FakeOpenAiAnswer) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeOpenAiServer = Awaited<ReturnType<typeof startFakeOpenAiServer>>;

function sendKeyError(res: ServerResponse, authorization: string | undefined): void {
  const given = authorization?.replace(/^Bearer\s+/i, '') ?? '';
  // Like OpenAI: the key is echoed masked, never whole.
  const masked = given.length > 8 ? `${given.slice(0, 3)}*****${given.slice(-4)}` : '*****';
  sendError(res, 401, {
    message: `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  });
}

function sendModelNotFound(res: ServerResponse, model: string): void {
  sendError(res, 404, {
    message: `The model \`${model}\` does not exist or you do not have access to it.`,
    type: 'invalid_request_error',
    code: 'model_not_found',
  });
}

/** The parameter checks OpenAI makes per model family. */
function invalidRequest(body: Record<string, unknown>): { message: string; param: string; code: string } | undefined {
  if (typeof body.prompt !== 'string' || body.prompt.trim() === '') {
    return { message: "Missing required parameter: 'prompt'.", param: 'prompt', code: 'missing_required_parameter' };
  }
  const model = String(body.model ?? 'dall-e-2');
  if (body.n !== undefined && body.n !== 1 && model.startsWith('dall-e-3')) {
    return { message: 'You must provide n=1 for this model.', param: 'n', code: 'invalid_value' };
  }
  const family = model.startsWith('dall-e-3') ? DALL_E_3 : model.startsWith('dall-e') ? undefined : GPT_IMAGE;
  if (!family) return undefined;
  if (family === GPT_IMAGE && body.response_format !== undefined) {
    return { message: "Unknown parameter: 'response_format'.", param: 'response_format', code: 'unknown_parameter' };
  }
  if (body.size !== undefined && !family.sizes.includes(String(body.size))) {
    return {
      message: `Invalid value: '${String(body.size)}'. Supported values are: ${family.sizes.map((size) => `'${size}'`).join(', ')}.`,
      param: 'size',
      code: 'invalid_value',
    };
  }
  if (body.quality !== undefined && !family.qualities.includes(String(body.quality))) {
    return {
      message: `Invalid value: '${String(body.quality)}'. Supported values are: ${family.qualities.map((q) => `'${q}'`).join(', ')}.`,
      param: 'quality',
      code: 'invalid_value',
    };
  }
  return undefined;
}

/** The checks `POST /v1/audio/speech` makes that an adapter could get wrong. */
function invalidSpeech(body: Record<string, unknown>): { message: string; param: string; code: string } | undefined {
  for (const param of ['model', 'input', 'voice']) {
    if (body[param] === undefined || body[param] === '') {
      return { message: `Missing required parameter: '${param}'.`, param, code: 'missing_required_parameter' };
    }
  }
  if (typeof body.input === 'string' && body.input.length > 4096) {
    return { message: 'Input is too long: the maximum length is 4096 characters.', param: 'input', code: 'string_above_max_length' };
  }
  if (body.response_format !== undefined && !SPEECH_FORMATS.includes(String(body.response_format))) {
    return { message: `Invalid value: '${String(body.response_format)}'.`, param: 'response_format', code: 'invalid_value' };
  }
  if (body.instructions !== undefined && String(body.model).startsWith('tts-1')) {
    return { message: 'instructions are not supported with this model.', param: 'instructions', code: 'unsupported_parameter' };
  }
  return undefined;
}

/** The checks `POST /v1/audio/transcriptions` makes that an adapter could get wrong. */
function invalidTranscription(
  fields: Record<string, string | string[]>,
  file: RecordedTranscription['file'],
): { message: string; param: string; code: string } | undefined {
  if (!file) return { message: "Missing required parameter: 'file'.", param: 'file', code: 'missing_required_parameter' };
  if (!fields.model) return { message: "Missing required parameter: 'model'.", param: 'model', code: 'missing_required_parameter' };
  const format = String(fields.response_format ?? 'json');
  if (!TRANSCRIPTION_FORMATS.includes(format)) {
    return { message: `Invalid value: '${format}'.`, param: 'response_format', code: 'invalid_value' };
  }
  if (fields['timestamp_granularities[]'] !== undefined && format !== 'verbose_json') {
    return { message: 'timestamp_granularities requires response_format verbose_json.', param: 'timestamp_granularities', code: 'invalid_value' };
  }
  if (!/\.(flac|m4a|mp3|mp4|mpeg|mpga|oga|ogg|wav|webm)$/i.test(file.name)) {
    return { message: `Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']`, param: 'file', code: 'invalid_value' };
  }
  return undefined;
}

async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendError(
  res: ServerResponse,
  status: number,
  error: { message: string; type: string; code: string | null; param?: string | null },
): void {
  sendJsonWithId(res, status, { error: { message: error.message, type: error.type, param: error.param ?? null, code: error.code } });
}

/** OpenAI answers carry a request id header, as the real API's do. */
function sendJsonWithId(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, { 'x-request-id': `req_${Date.now().toString(36)}` });
}
