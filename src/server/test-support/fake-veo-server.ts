import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { headerValue, isRecord, readJson, sendJson } from './fake-http.ts';

/** How an operation ends once its pending polls are used up. */
export type FakeVeoOutcome =
  | { kind: 'success' }
  | { kind: 'safety-block'; reasons: string[] }
  | { kind: 'operation-error'; code: number; message: string; status?: string };

/** A Google JSON error: `{ error: { code, message, status } }` with HTTP status `code`. */
export interface FakeVeoHttpError {
  code: number;
  message: string;
  status: string;
}

export interface FakeVeoServerOptions {
  /** The key every request must carry in `x-goog-api-key`. */
  apiKey: string;
  /** The MP4 served for every finished video. */
  video: Buffer;
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
interface RecordedOther {
  kind: 'other';
  method: string;
  path: string;
}
type FakeVeoRequest = RecordedStart | RecordedPoll | RecordedDownload | RecordedOther;

interface FakeOperation {
  name: string;
  fileId: string;
  pendingPolls: number;
  outcome: FakeVeoOutcome;
}

const ASPECT_RATIOS = ['16:9', '9:16'];
const RESOLUTIONS = ['720p', '1080p', '4k'];
const DURATIONS = [4, 6, 8];
const PUBLIC_BASE = 'https://generativelanguage.googleapis.com/v1beta';

/**
 * A real HTTP server on a free loopback port that speaks the Gemini API's Veo protocol:
 * predictLongRunning, operation polling and file download, with Google's JSON errors.
 */
export async function startFakeVeoServer(options: FakeVeoServerOptions) {
  const requests: FakeVeoRequest[] = [];
  const operations = new Map<string, FakeOperation>();
  const pollWaiters: Array<() => void> = [];
  let pendingPolls = options.pendingPolls ?? 1;
  let outcome: FakeVeoOutcome = options.outcome ?? { kind: 'success' };
  let startError: FakeVeoHttpError | undefined;
  let holdingPolls = false;
  let abandonedPolls = 0;

  function addOperation(model: string): FakeOperation {
    const operation: FakeOperation = {
      name: `models/${model}/operations/${randomBytes(6).toString('hex')}`,
      fileId: randomBytes(6).toString('hex'),
      pendingPolls,
      outcome,
    };
    operations.set(operation.name, operation);
    return operation;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-veo');
    const path = decodeURIComponent(url.pathname);
    const apiKey = headerValue(req.headers['x-goog-api-key']);
    const start = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(path);
    const poll = /^\/v1beta\/(models\/[^/:]+\/operations\/[^/:]+)$/.exec(path);
    const download = /^\/v1beta\/files\/([a-z0-9]+):download$/.exec(path);

    if (req.method === 'POST' && start?.[1]) {
      const body = await readJson(req);
      const instance = (Array.isArray(body?.instances) ? body.instances[0] : undefined) as
        | Record<string, unknown>
        | undefined;
      const parameters = (isRecord(body?.parameters) ? body.parameters : {}) as Record<string, unknown>;
      requests.push({
        kind: 'start',
        apiKey,
        model: start[1],
        prompt: typeof instance?.prompt === 'string' ? instance.prompt : undefined,
        image: decodeImage(instance?.image),
        parameters,
      });
      if (apiKey !== options.apiKey) return sendApiKeyError(res);
      if (startError) return sendError(res, startError);
      const invalid = invalidStart(instance, parameters);
      if (invalid) return sendError(res, { code: 400, message: invalid, status: 'INVALID_ARGUMENT' });
      return sendJson(res, 200, { name: addOperation(start[1]).name });
    }

    if (req.method === 'GET' && poll?.[1]) {
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
      if (!operation) {
        return sendError(res, { code: 404, message: `Operation ${poll[1]} not found.`, status: 'NOT_FOUND' });
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
      const known = [...operations.values()].some((op) => op.fileId === fileId && op.outcome.kind === 'success');
      if (!known) return sendError(res, { code: 404, message: `File ${fileId} not found.`, status: 'NOT_FOUND' });
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': options.video.length });
      res.end(options.video);
      return;
    }

    requests.push({ kind: 'other', method: req.method ?? '', path });
    sendError(res, { code: 404, message: `No route for ${req.method} ${path}.`, status: 'NOT_FOUND' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendError(res, { code: 500, message: `Fake Veo failed: ${String(error)}`, status: 'INTERNAL' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    /** Every request received, in order, with its JSON parsed. */
    requests,
    starts: () => requests.filter((r): r is RecordedStart => r.kind === 'start'),
    polls: () => requests.filter((r): r is RecordedPoll => r.kind === 'poll'),
    downloads: () => requests.filter((r): r is RecordedDownload => r.kind === 'download'),
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The SDK's fetch keeps connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
      }),
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
          generateVideoResponse: {
            raiMediaFilteredCount: 1,
            raiMediaFilteredReasons: outcome.reasons,
          },
        },
      };
    case 'operation-error':
      return {
        name,
        done: true,
        error: { code: outcome.code, message: outcome.message, ...(outcome.status ? { status: outcome.status } : {}) },
      };
  }
}

function invalidStart(instance: Record<string, unknown> | undefined, parameters: Record<string, unknown>) {
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

function sendError(res: ServerResponse, error: FakeVeoHttpError): void {
  sendJson(res, error.code, { error });
}

/** What Google answers for a missing or wrong key (it never echoes the key). */
function sendApiKeyError(res: ServerResponse): void {
  sendError(res, { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' });
}
