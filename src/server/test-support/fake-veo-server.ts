import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type GoogleHttpError,
  headerValue,
  isRecord,
  readJson,
  sendApiKeyNotValid,
  sendGoogleError,
  sendJson,
  serveGoogleFake,
} from './fake-http.ts';
import { jobSettings, pollGate, type RecordedDownload, recordsOfKind } from './fake-long-running.ts';

/** How an operation ends once its pending polls are used up. */
export type FakeVeoOutcome =
  | { kind: 'success' }
  | { kind: 'safety-block'; reasons: string[] }
  | { kind: 'operation-error'; code: number; message: string; status?: string };

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
  /**
   * Answer each start with the operation already done (a long-running operation may be), so the client has
   * nothing to poll. Default false: `pendingPolls` polls, then the outcome.
   */
  finishAtStart?: boolean;
}

interface RecordedStart {
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
interface RecordedPoll {
  kind: 'poll';
  apiKey: string | undefined;
  operation: string;
}
interface RecordedModelGet {
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
  const settings = jobSettings<FakeVeoOutcome>(options, { kind: 'success' });
  const { retired } = settings.state;
  const ofKind = recordsOfKind(requests);
  const polls = pollGate(() => ofKind('poll')().length);
  let finishAtStart = options.finishAtStart ?? false;
  let holdingStarts = false;
  const heldStarts: Array<{ answer: () => void; gone: boolean }> = [];
  const startWaiters: Array<() => void> = [];
  const wakeStartWaiters = () => startWaiters.splice(0).forEach((wake) => wake());

  function addOperation(model: string, extendsFileId?: string): FakeOperation {
    const operation: FakeOperation = {
      name: `models/${model}/operations/${randomBytes(6).toString('hex')}`,
      model,
      fileId: randomBytes(6).toString('hex'),
      pendingPolls: settings.state.pendingPolls,
      outcome: settings.state.outcome,
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
      const { instance, parameters, ...recorded } = readPredictBody(await readJson(req));
      const video = isRecord(instance?.video) && typeof instance.video.uri === 'string' ? { uri: instance.video.uri } : undefined;
      requests.push({ kind: 'start', apiKey, model, ...recorded, ...(video ? { video } : {}), parameters });
      if (apiKey !== options.apiKey) return sendApiKeyNotValid(res);
      if (retired.has(model)) return sendGoogleError(res, geminiModelNotFound(model, 'predictLongRunning'));
      if (settings.state.startError) return sendGoogleError(res, settings.state.startError);
      const invalid = invalidStart(instance, parameters);
      if (invalid) return sendGoogleError(res, { code: 400, message: invalid, status: 'INVALID_ARGUMENT' });
      let extendsFileId: string | undefined;
      if (instance?.video !== undefined) {
        extendsFileId = FILE_URI.exec(video?.uri ?? '')?.[1];
        if (!extendsFileId || !madeFile(extendsFileId)) {
          return sendGoogleError(res, { code: 400, message: 'Video is not a Veo-generated video.', status: 'INVALID_ARGUMENT' });
        }
      }
      // Held starts are answered when released, as the settings then say.
      const answer = () => {
        const operation = addOperation(model, extendsFileId);
        if (!finishAtStart) return sendJson(res, 200, { name: operation.name });
        operation.pendingPolls = 0;
        sendJson(res, 200, finishedOperation(operation));
      };
      wakeStartWaiters();
      if (!holdingStarts) return answer();
      const held = { answer, gone: false };
      res.once('close', () => {
        held.gone = true;
      });
      heldStarts.push(held);
      return;
    }

    if (req.method === 'GET' && poll?.[1] && poll[2]) {
      requests.push({ kind: 'poll', apiKey, operation: poll[1] });
      if (polls.held(res)) return;
      if (apiKey !== options.apiKey) return sendApiKeyNotValid(res);
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
      if (apiKey !== options.apiKey) return sendApiKeyNotValid(res);
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
      if (apiKey !== options.apiKey) return sendApiKeyNotValid(res);
      if (retired.has(model)) return sendGoogleError(res, geminiModelNotFound(model, 'get'));
      return sendJson(res, 200, { name: `models/${model}`, displayName: model, supportedGenerationMethods: ['predictLongRunning'] });
    }

    requests.push({ kind: 'other', method: req.method ?? '', path });
    sendGoogleError(res, { code: 404, message: `No route for ${req.method} ${path}.`, status: 'NOT_FOUND' });
  }

  const { baseUrl, close } = await serveGoogleFake('Veo', handle);

  return {
    baseUrl,
    /** Every request received, in order, with its JSON parsed. */
    requests,
    starts: ofKind('start'),
    polls: ofKind('poll'),
    downloads: ofKind('download'),
    modelGets: ofKind('model-get'),
    /** setOutcome, setPendingPolls and retireModel (starts, models.get and polls of its running operations answer 404). */
    ...settings.controls,
    /** Answer every predictLongRunning with this HTTP error (e.g. 429), or undefined to stop. */
    setStartError: settings.setStartError,
    /** holdPolls (as from a Veo that hangs), abandonedPolls and waitForPolls. */
    ...polls.controls,
    /** Operations started from now on are answered done in the start's own answer (or, false, after their pending polls). */
    setFinishAtStart(on: boolean) {
      finishAtStart = on;
    },
    /**
     * Starts from now on (valid ones, from a known key) get no answer until `releaseStarts`: a test holds a
     * generation at the provider, where it wants a crash or a shutdown to find it.
     */
    holdStarts() {
      holdingStarts = true;
    },
    /**
     * Answers the held starts whose client is still waiting, as the settings now say (a start whose client went
     * away, as a killed server's, gets no operation); with `keepHolding`, starts still to come are held too.
     */
    releaseStarts({ keepHolding = false }: { keepHolding?: boolean } = {}) {
      holdingStarts = keepHolding;
      for (const held of heldStarts.splice(0)) if (!held.gone) held.answer();
    },
    /** Resolves once `count` start requests have arrived (held or answered). */
    async waitForStarts(count: number, timeoutMs = 60_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (ofKind('start')().length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} starts, got ${ofKind('start')().length}`);
        await new Promise<void>((resolve) => {
          startWaiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    /** Every operation still running is done at its next poll. */
    finishOperations() {
      for (const operation of operations.values()) operation.pendingPolls = 0;
    },
    /** An operation that exists without a start request here, as one begun before a restart. */
    addOperation: (model: string) => addOperation(model).name,
    close,
  };
}

export type FakeVeoServer = Awaited<ReturnType<typeof startFakeVeoServer>>;

function finishedOperation(operation: FakeOperation): Record<string, unknown> {
  const responseType = 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse';
  return doneOperation(
    operation,
    () => ({ generatedSamples: [{ video: { uri: `${PUBLIC_BASE}/files/${operation.fileId}:download?alt=media` } }] }),
    (fields) => ({ '@type': responseType, generateVideoResponse: fields }),
  );
}

/**
 * A finished operation on either back-end: `response` wraps what the video response says (each back-end nests
 * it its own way), `success` is what a successful one says; an operation-error ends with a `google.rpc.Status`.
 */
export function doneOperation(
  { name, outcome }: { name: string; outcome: FakeVeoOutcome },
  success: () => Record<string, unknown>,
  response: (fields: Record<string, unknown>) => Record<string, unknown>,
): Record<string, unknown> {
  switch (outcome.kind) {
    case 'success':
      return { name, done: true, response: response(success()) };
    case 'safety-block':
      return { name, done: true, response: response({ raiMediaFilteredCount: 1, raiMediaFilteredReasons: outcome.reasons }) };
    case 'operation-error': {
      const { code, message, status } = outcome;
      return { name, done: true, error: { code, message, ...(status ? { status } : {}) } };
    }
  }
}

/** A predictLongRunning body as both back-ends read it: its first instance and parameters, the prompt and start image. */
export function readPredictBody(body: Record<string, unknown> | undefined) {
  const instance = (Array.isArray(body?.instances) ? body.instances[0] : undefined) as Record<string, unknown> | undefined;
  const parameters = (isRecord(body?.parameters) ? body.parameters : {}) as Record<string, unknown>;
  return {
    instance,
    parameters,
    prompt: typeof instance?.prompt === 'string' ? instance.prompt : undefined,
    image: decodeImage(instance?.image),
  };
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
function decodeImage(image: unknown): { mimeType: string; bytes: Buffer } | undefined {
  if (!isRecord(image)) return undefined;
  const inline = isRecord(image.inlineData) ? image.inlineData : undefined;
  const data = inline ? inline.data : image.bytesBase64Encoded;
  const mimeType = inline ? inline.mimeType : image.mimeType;
  if (typeof data !== 'string' || data === '' || typeof mimeType !== 'string') return undefined;
  return { mimeType, bytes: Buffer.from(data, 'base64') };
}
