import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  headerValue,
  isRecord,
  readJson,
  sendApiKeyNotValid,
  sendGoogleError,
  sendJson,
  serveGoogleFake,
} from './fake-http.ts';
import { jobSettings, pollGate, type RecordedDownload, recordsOfKind } from './fake-long-running.ts';

/** How an interaction ends once its pending polls are used up. */
export type FakeOmniOutcome =
  | { kind: 'success-inline' }
  | { kind: 'success-uri' }
  /** `failed`, with an error whose code names the safety filter. */
  | { kind: 'safety-block'; message: string }
  | { kind: 'failed'; code: string; message: string }
  /** `completed` with only text in its model output. */
  | { kind: 'no-video' };

export interface FakeOmniServerOptions {
  /** The key every request must carry in `x-goog-api-key`. */
  apiKey: string;
  /** The MP4 handed out for every finished video (inline as base64, or at a download URI). */
  video: Buffer;
  /** Polls answered `in_progress` before the outcome. Default 1. */
  pendingPolls?: number;
  /** Outcome of interactions created from now on. Default success-inline. */
  outcome?: FakeOmniOutcome;
}

/** One content block of the request's `input`, images decoded. */
export type RecordedInputPart =
  | { type: 'text'; text: string }
  | { type: 'image'; mimeType: string; bytes: Buffer }
  | { type: string };

interface RecordedCreate {
  kind: 'create';
  apiKey: string | undefined;
  model: string | undefined;
  input: RecordedInputPart[];
  background: unknown;
  generationConfig: Record<string, unknown>;
  responseFormat: Record<string, unknown>;
}
interface RecordedPoll {
  kind: 'poll';
  apiKey: string | undefined;
  id: string;
}
interface RecordedModelGet {
  kind: 'model-get';
  apiKey: string | undefined;
  model: string;
}
interface RecordedOther {
  kind: 'other';
  method: string;
  path: string;
}
type FakeOmniRequest = RecordedCreate | RecordedPoll | RecordedDownload | RecordedModelGet | RecordedOther;

interface FakeInteraction {
  id: string;
  model: string;
  fileId: string;
  pendingPolls: number;
  outcome: FakeOmniOutcome;
  created: string;
}

const ASPECT_RATIOS = ['16:9', '9:16'];
/** The preview served 720p only; the GA model adds a 1080p upscale. */
const RESOLUTIONS: Record<string, string[]> = { 'gemini-omni-flash-preview': ['720p'] };
const DEFAULT_RESOLUTIONS = ['720p', '1080p'];
const MIN_SECONDS = 3;
const MAX_SECONDS = 10;
const KNOWN_MODELS = ['gemini-omni-1.1-flash', 'gemini-omni-flash-preview'];

/**
 * A real HTTP server on a free loopback port that speaks the Gemini API's Interactions protocol for
 * Gemini Omni Flash video: create (background), get, file download and models.get, with Google's JSON errors.
 */
export async function startFakeOmniServer(options: FakeOmniServerOptions) {
  const requests: FakeOmniRequest[] = [];
  const interactions = new Map<string, FakeInteraction>();
  const settings = jobSettings<FakeOmniOutcome>(options, { kind: 'success-inline' });
  const { retired } = settings.state;
  const ofKind = recordsOfKind(requests);
  const polls = pollGate(() => ofKind('poll')().length);
  let baseUrl = '';

  function addInteraction(model: string): FakeInteraction {
    const interaction: FakeInteraction = {
      id: `v1_${randomBytes(8).toString('hex')}`,
      model,
      fileId: randomBytes(6).toString('hex'),
      pendingPolls: settings.state.pendingPolls,
      outcome: settings.state.outcome,
      created: new Date().toISOString(),
    };
    interactions.set(interaction.id, interaction);
    return interaction;
  }

  function finished(interaction: FakeInteraction): Record<string, unknown> {
    const base = { id: interaction.id, model: interaction.model, created: interaction.created, object: 'interaction' };
    const video = (content: Record<string, unknown>) => ({
      ...base,
      status: 'completed',
      steps: [{ type: 'model_output', content: [{ type: 'video', mime_type: 'video/mp4', ...content }] }],
    });
    switch (interaction.outcome.kind) {
      case 'success-inline':
        return video({ data: options.video.toString('base64') });
      case 'success-uri':
        return video({ uri: `${baseUrl}/v1beta/files/${interaction.fileId}:download?alt=media` });
      case 'safety-block':
        return { ...base, status: 'failed', errors: [{ code: 'SAFETY', message: interaction.outcome.message }] };
      case 'failed':
        return { ...base, status: 'failed', errors: [{ code: interaction.outcome.code, message: interaction.outcome.message }] };
      case 'no-video':
        return { ...base, status: 'completed', steps: [{ type: 'model_output', content: [{ type: 'text', text: 'Here is your video.' }] }] };
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-omni');
    const path = decodeURIComponent(url.pathname);
    const apiKey = headerValue(req.headers['x-goog-api-key']);
    const poll = /^\/v1beta\/interactions\/([^/:]+)$/.exec(path);
    const download = /^\/v1beta\/files\/([a-z0-9]+):download$/.exec(path);
    const modelGet = /^\/v1beta\/models\/([^/:]+)$/.exec(path);

    if (req.method === 'POST' && path === '/v1beta/interactions') {
      const body = await readJson(req);
      const model = typeof body?.model === 'string' ? body.model : undefined;
      requests.push({
        kind: 'create',
        apiKey,
        model,
        input: recordInput(body?.input),
        background: body?.background,
        generationConfig: isRecord(body?.generation_config) ? body.generation_config : {},
        responseFormat: isRecord(body?.response_format) ? body.response_format : {},
      });
      if (apiKey !== options.apiKey) return sendApiKeyNotValid(res);
      if (settings.state.startError) return sendGoogleError(res, settings.state.startError);
      if (!model || retired.has(model) || !KNOWN_MODELS.includes(model)) {
        return sendGoogleError(res, { code: 404, message: `models/${model ?? ''} is not found for API version v1beta.`, status: 'NOT_FOUND' });
      }
      const invalid = invalidCreate(model, body ?? {});
      if (invalid) return sendGoogleError(res, { code: 400, message: invalid, status: 'INVALID_ARGUMENT' });
      const interaction = addInteraction(model);
      return sendJson(res, 200, { id: interaction.id, model, status: 'in_progress', created: interaction.created, object: 'interaction' });
    }

    if (req.method === 'GET' && poll?.[1]) {
      requests.push({ kind: 'poll', apiKey, id: poll[1] });
      if (polls.held(res)) return;
      if (apiKey !== options.apiKey) return sendApiKeyNotValid(res);
      const interaction = interactions.get(poll[1]);
      if (!interaction || retired.has(interaction.model)) {
        return sendGoogleError(res, { code: 404, message: `Interaction ${poll[1]} not found.`, status: 'NOT_FOUND' });
      }
      if (interaction.pendingPolls > 0) {
        interaction.pendingPolls -= 1;
        return sendJson(res, 200, { id: interaction.id, model: interaction.model, status: 'in_progress', object: 'interaction' });
      }
      return sendJson(res, 200, finished(interaction));
    }

    if (req.method === 'GET' && download?.[1] && url.searchParams.get('alt') === 'media') {
      const fileId = download[1];
      requests.push({ kind: 'download', apiKey, fileId });
      if (apiKey !== options.apiKey) return sendApiKeyNotValid(res);
      const known = [...interactions.values()].some((i) => i.fileId === fileId && i.outcome.kind === 'success-uri');
      if (!known) return sendGoogleError(res, { code: 404, message: `File ${fileId} not found.`, status: 'NOT_FOUND' });
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': options.video.length });
      res.end(options.video);
      return;
    }

    if (req.method === 'GET' && modelGet?.[1]) {
      const model = modelGet[1];
      requests.push({ kind: 'model-get', apiKey, model });
      if (apiKey !== options.apiKey) return sendApiKeyNotValid(res);
      if (retired.has(model) || !KNOWN_MODELS.includes(model)) {
        return sendGoogleError(res, { code: 404, message: `models/${model} is not found for API version v1beta.`, status: 'NOT_FOUND' });
      }
      return sendJson(res, 200, { name: `models/${model}`, displayName: 'Gemini Omni Flash' });
    }

    requests.push({ kind: 'other', method: req.method ?? '', path });
    sendGoogleError(res, { code: 404, message: `No route for ${req.method} ${path}.`, status: 'NOT_FOUND' });
  }

  const listening = await serveGoogleFake('Omni', handle);
  baseUrl = listening.baseUrl;

  return {
    baseUrl,
    /** Every request received, in order, with its JSON parsed. */
    requests,
    creates: ofKind('create'),
    polls: ofKind('poll'),
    downloads: ofKind('download'),
    modelGets: ofKind('model-get'),
    /** setOutcome, setPendingPolls and retireModel (creates, models.get and polls of its running interactions answer 404). */
    ...settings.controls,
    /** Answer every create with this HTTP error (e.g. 429, 403), or undefined to stop. */
    setCreateError: settings.setStartError,
    /** holdPolls, abandonedPolls and waitForPolls. */
    ...polls.controls,
    /** An interaction that exists without a create request here, as one begun before a restart. */
    addInteraction: (model: string) => addInteraction(model).id,
    close: listening.close,
  };
}

export type FakeOmniServer = Awaited<ReturnType<typeof startFakeOmniServer>>;

/** `input` as a string, one content block or a list of them; image blocks decoded from base64. */
function recordInput(input: unknown): RecordedInputPart[] {
  if (typeof input === 'string') return [{ type: 'text', text: input }];
  const blocks = Array.isArray(input) ? input : [input];
  return blocks.filter(isRecord).map((block): RecordedInputPart => {
    if (block.type === 'text' && typeof block.text === 'string') return { type: 'text', text: block.text };
    if (block.type === 'image' && typeof block.data === 'string' && typeof block.mime_type === 'string') {
      return { type: 'image', mimeType: block.mime_type, bytes: Buffer.from(block.data, 'base64') };
    }
    return { type: typeof block.type === 'string' ? block.type : 'unknown' };
  });
}

function invalidCreate(model: string, body: Record<string, unknown>): string | undefined {
  const input = recordInput(body.input);
  if (!input.some((part) => part.type === 'text' && 'text' in part && part.text.trim() !== '')) {
    return 'input must contain a text prompt.';
  }
  if (input.some((part) => part.type === 'image' && !('bytes' in part))) {
    return 'image input must carry base64 data and a mime_type.';
  }
  if (body.background !== true) return 'Video generation must run in the background (background: true).';
  const format = isRecord(body.response_format) ? body.response_format : {};
  if (format.type !== undefined && format.type !== 'video') return `Unsupported response_format type: ${String(format.type)}.`;
  const { aspect_ratio: aspectRatio, resolution, duration } = format;
  if (aspectRatio !== undefined && !ASPECT_RATIOS.includes(String(aspectRatio))) {
    return `Unsupported aspect ratio: ${String(aspectRatio)}.`;
  }
  if (resolution !== undefined && !(RESOLUTIONS[model] ?? DEFAULT_RESOLUTIONS).includes(String(resolution))) {
    return `Unsupported resolution for ${model}: ${String(resolution)}.`;
  }
  if (duration !== undefined) {
    const seconds = /^(\d+)s$/.exec(String(duration))?.[1];
    if (!seconds || Number(seconds) < MIN_SECONDS || Number(seconds) > MAX_SECONDS) {
      return `Unsupported duration: ${String(duration)} (3s to 10s).`;
    }
  }
  const config = isRecord(body.generation_config) ? body.generation_config : {};
  const task = isRecord(config.video_config) ? config.video_config.task : undefined;
  const hasImage = input.some((part) => part.type === 'image');
  if (task === 'image_to_video' && !hasImage) return 'image_to_video needs an image input.';
  if (task === 'text_to_video' && hasImage) return 'text_to_video takes no image input.';
  return undefined;
}
