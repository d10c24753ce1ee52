import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  type GoogleHttpError,
  headerValue,
  isRecord,
  listenOnLoopback,
  readJson,
  sendGoogleError,
  sendJson,
} from './fake-http.ts';

/** How an operation ends once its pending polls are used up. */
export type FakeVeoOutcome =
  | { kind: 'success' }
  | { kind: 'safety-block'; reasons: string[] }
  | { kind: 'operation-error'; code: number; message: string; status?: string };

/** A Google JSON error: `{ error: { code, message, status } }` with HTTP status `code`. */
export type FakeVeoHttpError = GoogleHttpError;

export interface FakeVeoServerOptions {
  /** The key every request must carry in `x-goog-api-key`. */
  apiKey: string;
  /** The MP4 served for every finished video. */
  video: Buffer;
  /** The MP4 served for a finished extension (the old clip plus 7 s). Default `video`. */
  extendedVideo?: Buffer;
  /** Polls answered `{ done: false }` before the outcome. Default 1. */
  pendingPolls?: number;
  /** Outcome of operations started from now on. Default success. */
  outcome?: FakeVeoOutcome;
}

export interface RecordedStart {
  kind: 'start';
  apiKey: string | undefined;
  model: string;
  prompt: string | undefined;
  /** The start image, decoded, whichever of the two JSON shapes carried it. */
  image?: { mimeType: string; bytes: Buffer };
  /** The video to extend (instances[0].video). */
  video?: { uri: string };
  parameters: Record<string, unknown>;
}
export interface RecordedPoll {
  kind: 'poll';
  apiKey: string | undefined;
  operation: string;
}
export interface RecordedDownload {
  kind: 'download';
  apiKey: string | undefined;
  fileId: string;
}
export interface RecordedModelGet {
  kind: 'model-get';
  model: string;
}
interface RecordedOther {
  kind: 'other';
  method: string;
  path: string;
}
type FakeVeoRequest = RecordedStart | RecordedPoll | RecordedDownload | RecordedModelGet | RecordedOther;

interface FakeOperation {
  name: string;
  model: string;
  fileId: string;
  pendingPolls: number;
  outcome: FakeVeoOutcome;
  /** The file this operation extends, when it is an extension. */
  extendsFileId?: string;
}

const ASPECT_RATIOS = ['16:9', '9:16'];
const RESOLUTIONS = ['720p', '1080p', '4k'];
const DURATIONS = [4, 6, 8];
const PUBLIC_BASE = 'https://generativelanguage.googleapis.com/v1beta';
const FILE_URI = /^https:\/\/generativelanguage\.googleapis\.com\/v1beta\/files\/([a-z0-9]+):download\?alt=media$/;

/** What the Gemini API answers for a model it does not (or no longer) serves. */
export function geminiModelNotFound(model: string, method: string): GoogleHttpError {
  return {
    code: 404,
    message:
      `models/${model} is not found for API version v1beta, or is not supported for ${method}. ` +
      'Call ListModels to see the list of available models and their supported methods.',
    status: 'NOT_FOUND',
  };
}

/**
 * A real HTTP server on a free loopback port that speaks the Gemini API's Veo protocol:
 * predictLongRunning (generation and extension), operation polling, file download and models.get,
 * with Google's JSON errors.
 */
export async function startFakeVeoServer(options: FakeVeoServerOptions) {
  const requests: FakeVeoRequest[] = [];
  const operations = new Map<string, FakeOperation>();
  const retired = new Set<string>();
  const pollWaiters: Array<() => void> = [];
  let pendingPolls = options.pendingPolls ?? 1;
  let outcome: FakeVeoOutcome = options.outcome ?? { kind: 'success' };
  let startError: FakeVeoHttpError | undefined;
  let holdingPolls = false;
  let abandonedPolls = 0;

  function addOperation(model: string, extendsFileId?: string): FakeOperation {
    const operation: FakeOperation = {
      name: `models/${model}/operations/${randomBytes(6).toString('hex')}`,
      model,
      fileId: randomBytes(6).toString('hex'),
      pendingPolls,
      outcome,
      ...(extendsFileId ? { extendsFileId } : {}),
    };
    operations.set(operation.name, operation);
    return operation;
  }

  /** The finished, successful operation whose file this is: only those files can be downloaded or extended. */
  function madeFile(fileId: string): FakeOperation | undefined {
    return [...operations.values()].find(
      (op) => op.fileId === fileId && op.outcome.kind === 'success' && op.pendingPolls === 0,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-veo');
    const path = decodeURIComponent(url.pathname);
    const apiKey = headerValue(req.headers['x-goog-api-key']);
    const start = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(path);
    const poll = /^\/v1beta\/(models\/([^/:]+)\/operations\/[^/:]+)$/.exec(path);
    const download = /^\/v1beta\/files\/([a-z0-9]+):download$/.exec(path);
    const modelGet = /^\/v1beta\/models\/([^/:]+)$/.exec(path);

    if (req.method === 'POST' && start?.[1]) {
      const model = start[1];
      const body = await readJson(req);
      const instance = (Array.isArray(body?.instances) ? body.instances[0] : undefined) as
        | Record<string, unknown>
        | undefined;
      const parameters = (isRecord(body?.parameters) ? body.parameters : {}) as Record<string, unknown>;
      const video = isRecord(instance?.video) && typeof instance.video.uri === 'string' ? { uri: instance.video.uri } : undefined;
      requests.push({
        kind: 'start',
        apiKey,
        model,
        prompt: typeof instance?.prompt === 'string' ? instance.prompt : undefined,
        image: decodeImage(instance?.image),
        ...(video ? { video } : {}),
        parameters,
      });
      if (apiKey !== options.apiKey) return sendApiKeyError(res);
      if (retired.has(model)) return sendGoogleError(res, geminiModelNotFound(model, 'predictLongRunning'));
      if (startError) return sendGoogleError(res, startError);
      const invalid = invalidStart(instance, parameters);
      if (invalid) return sendGoogleError(res, { code: 400, message: invalid, status: 'INVALID_ARGUMENT' });
      let extendsFileId: string | undefined;
      if (instance?.video !== undefined) {
        extendsFileId = FILE_URI.exec(video?.uri ?? '')?.[1];
        if (!extendsFileId || !madeFile(extendsFileId)) {
          return sendGoogleError(res, { code: 400, message: 'Video is not a Veo-generated video.', status: 'INVALID_ARGUMENT' });
        }
      }
      return sendJson(res, 200, { name: addOperation(model, extendsFileId).name });
    }

    if (req.method === 'GET' && poll?.[1] && poll[2]) {
      requests.push({ kind: 'poll', apiKey, operation: poll[1] });
      pollWaiters.splice(0).forEach((wake) => wake());
      if (holdingPolls) {
        res.once('close', () => {
          abandonedPolls += 1;
        });
        return;
      }
      if (apiKey !== options.apiKey) return sendApiKeyError(res);
      const operation = operations.get(poll[1]);
      if (operation && retired.has(operation.model)) {
        return sendGoogleError(res, geminiModelNotFound(operation.model, 'predictLongRunning'));
      }
      if (!operation) {
        return sendGoogleError(res, { code: 404, message: `Operation ${poll[1]} not found.`, status: 'NOT_FOUND' });
      }
      if (operation.pendingPolls > 0) {
        operation.pendingPolls -= 1;
        return sendJson(res, 200, { name: operation.name, done: false });
      }
      return sendJson(res, 200, finishedOperation(operation));
    }

    if (req.method === 'GET' && download?.[1] && url.searchParams.get('alt') === 'media') {
      const fileId = download[1];
      requests.push({ kind: 'download', apiKey, fileId });
      if (apiKey !== options.apiKey) return sendApiKeyError(res);
      const made = madeFile(fileId);
      if (!made) return sendGoogleError(res, { code: 404, message: `File ${fileId} not found.`, status: 'NOT_FOUND' });
      const video = made.extendsFileId ? (options.extendedVideo ?? options.video) : options.video;
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': video.length });
      res.end(video);
      return;
    }

    if (req.method === 'GET' && modelGet?.[1]) {
      const model = modelGet[1];
      requests.push({ kind: 'model-get', model });
      if (apiKey !== options.apiKey) return sendApiKeyError(res);
      if (retired.has(model)) return sendGoogleError(res, geminiModelNotFound(model, 'get'));
      return sendJson(res, 200, { name: `models/${model}`, displayName: model, supportedGenerationMethods: ['predictLongRunning'] });
    }

    requests.push({ kind: 'other', method: req.method ?? '', path });
    sendGoogleError(res, { code: 404, message: `No route for ${req.method} ${path}.`, status: 'NOT_FOUND' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendGoogleError(res, { code: 500, message: `Fake Veo failed: ${String(error)}`, status: 'INTERNAL' });
    });
  });
  const { baseUrl, close } = await listenOnLoopback(server);

  return {
    baseUrl,
    /** Every request received, in order, with its JSON parsed. */
    requests,
    starts: () => requests.filter((r): r is RecordedStart => r.kind === 'start'),
    polls: () => requests.filter((r): r is RecordedPoll => r.kind === 'poll'),
    downloads: () => requests.filter((r): r is RecordedDownload => r.kind === 'download'),
    modelGets: () => requests.filter((r): r is RecordedModelGet => r.kind === 'model-get'),
    /** Outcome of operations started from now on. */
    setOutcome(next: FakeVeoOutcome) {
      outcome = next;
    },
    /** Pending polls of operations started from now on. */
    setPendingPolls(count: number) {
      pendingPolls = count;
    },
    /** Answer every predictLongRunning with this HTTP error (e.g. 429), or undefined to stop. */
    setStartError(error: FakeVeoHttpError | undefined) {
      startError = error;
    },
    /**
     * Google shuts the model down: from now on its starts, models.get and polls of its running
     * operations answer 404 NOT_FOUND.
     */
    retireModel(model: string) {
      retired.add(model);
    },
    /** Polls from now on get no answer, as from a Veo that hangs: each stays open until its client closes it. */
    holdPolls() {
      holdingPolls = true;
    },
    /** Held polls whose client closed the connection (gave up on the answer). */
    abandonedPolls: () => abandonedPolls,
    /** An operation that exists without a start request here, as one begun before a restart. */
    addOperation: (model: string) => addOperation(model).name,
    /** Resolves once `count` polls have arrived. */
    async waitForPolls(count: number, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (requests.filter((r) => r.kind === 'poll').length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} polls`);
        await new Promise<void>((resolve) => {
          pollWaiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close,
  };
}

export type FakeVeoServer = Awaited<ReturnType<typeof startFakeVeoServer>>;

function finishedOperation(operation: FakeOperation): Record<string, unknown> {
  const { name, outcome } = operation;
  const responseType = 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse';
  switch (outcome.kind) {
    case 'success':
      return {
        name,
        done: true,
        response: {
          '@type': responseType,
          generateVideoResponse: {
            generatedSamples: [{ video: { uri: `${PUBLIC_BASE}/files/${operation.fileId}:download?alt=media` } }],
          },
        },
      };
    case 'safety-block':
      return {
        name,
        done: true,
        response: {
          '@type': responseType,
          generateVideoResponse: { raiMediaFilteredCount: 1, raiMediaFilteredReasons: outcome.reasons },
        },
      };
    case 'operation-error':
      return { name, done: true, error: operationError(outcome) };
  }
}

/** `google.rpc.Status` of an operation that ended with an error (the same on both back-ends). */
export function operationError(outcome: Extract<FakeVeoOutcome, { kind: 'operation-error' }>): Record<string, unknown> {
  return { code: outcome.code, message: outcome.message, ...(outcome.status ? { status: outcome.status } : {}) };
}

/** The checks Veo makes on a start request (both back-ends) that an adapter could get wrong. */
export function invalidStart(instance: Record<string, unknown> | undefined, parameters: Record<string, unknown>) {
  if (!instance || typeof instance.prompt !== 'string' || instance.prompt.trim() === '') {
    return 'A text prompt is required in instances[0].prompt.';
  }
  if (instance.image !== undefined && !decodeImage(instance.image)) {
    return 'instances[0].image must carry base64 bytes and a mimeType.';
  }
  const { aspectRatio, resolution, durationSeconds } = parameters;
  if (aspectRatio !== undefined && !ASPECT_RATIOS.includes(String(aspectRatio))) {
    return `Unsupported aspect ratio: ${String(aspectRatio)}.`;
  }
  if (resolution !== undefined && !RESOLUTIONS.includes(String(resolution))) {
    return `Unsupported resolution: ${String(resolution)}.`;
  }
  if (durationSeconds !== undefined && !DURATIONS.includes(Number(durationSeconds))) {
    return `Unsupported duration: ${String(durationSeconds)} seconds.`;
  }
  if ((resolution === '1080p' || resolution === '4k') && durationSeconds !== undefined && durationSeconds !== 8) {
    return `${String(resolution)} needs an 8-second duration.`;
  }
  if (instance.video !== undefined && resolution !== undefined && resolution !== '720p') {
    return 'Video extension is only supported at 720p.';
  }
  return undefined;
}

/** Accepts `{ bytesBase64Encoded, mimeType }` (what the SDK sends) and `{ inlineData: { mimeType, data } }`. */
export function decodeImage(image: unknown): { mimeType: string; bytes: Buffer } | undefined {
  if (!isRecord(image)) return undefined;
  const inline = isRecord(image.inlineData) ? image.inlineData : undefined;
  const data = inline ? inline.data : image.bytesBase64Encoded;
  const mimeType = inline ? inline.mimeType : image.mimeType;
  if (typeof data !== 'string' || data === '' || typeof mimeType !== 'string') return undefined;
  return { mimeType, bytes: Buffer.from(data, 'base64') };
}

/** What Google answers for a missing or wrong key (it never echoes the key). */
function sendApiKeyError(res: ServerResponse): void {
  sendGoogleError(res, { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' });
}
