import { readFile, rm, stat } from 'node:fs/promises';
import {
  ApiError,
  GenerateVideosOperation,
  type GeneratedVideo,
  type GenerateVideosSource,
} from '@google/genai';
import { backendSecret, createGoogleClient, type GoogleBackend } from '../google/google-backend.ts';
import { isNetworkError, sleep, untilAborted } from './provider-calls.ts';
import { type SegmentRequest, type SegmentResult, type VideoModel, VideoModelError } from './video-model.ts';

/** Veo accepts 4, 6 or 8 seconds; we always ask for 8 and the caller trims the last segment. */
const VEO_SEGMENT_SECONDS = 8;

const CONTINUATION_NOTE =
  'This shot continues the previous one: it starts exactly on the given image, the last frame of the ' +
  'previous shot. Keep the same subjects, setting, lighting and camera style, with no cut.';

/** Operation errors are google.rpc.Status: gRPC codes (4, 8, 13, 14), though HTTP codes also appear. */
const RETRYABLE_OPERATION_CODES = new Set([429, 500, 503, 504, 4, 8, 13, 14]);
const RETRYABLE_OPERATION_STATUSES = new Set(['RESOURCE_EXHAUSTED', 'UNAVAILABLE', 'DEADLINE_EXCEEDED', 'INTERNAL']);
/** The SDK's own URI check in files.download: `https://…/files/<lowercase-alnum>…` or `files/<id>`. */
const DOWNLOADABLE_URI = /^(https:\/\/.*\/)?files\/[a-z0-9]/;

export interface VeoVideoModelOptions {
  backend: GoogleBackend;
  /** The provider's model ID, e.g. `veo-3.1-fast-generate-001` (configured, since IDs get retired). */
  model: string;
  pollIntervalMs?: number;
  /** Writes the last frame of `videoFile` as a PNG at `pngFile` (ffmpeg lives in render/). */
  extractLastFrame: (videoFile: string, pngFile: string) => Promise<void>;
  logger?: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
  };
}

/** The VideoModel adapter for Google Veo through the Gemini API (`@google/genai`). */
export function createVeoVideoModel(options: VeoVideoModelOptions): VideoModel {
  const { backend, model, extractLastFrame, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 10_000;
  const ai = createGoogleClient(backend);
  const secret = backendSecret(backend);
  const redact = (text: string) => (secret ? text.split(secret).join('[redacted]') : text);

  /** Runs one SDK call; whatever it throws leaves as a VideoModelError, or as the abort reason. */
  async function callVeo<T>(run: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    try {
      return await untilAborted(run(), signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw toVideoModelError(error, redact);
    }
  }

  async function startOperation(request: SegmentRequest): Promise<GenerateVideosOperation> {
    const continues = request.segmentIndex > 0 && request.previousSegmentFile !== undefined;
    const source: GenerateVideosSource = { prompt: request.prompt };
    const framePath = `${request.outputFile}.last-frame.png`;
    try {
      if (continues && request.previousSegmentFile) {
        await extractLastFrame(request.previousSegmentFile, framePath);
        const frame = await readFile(framePath);
        source.image = { imageBytes: frame.toString('base64'), mimeType: 'image/png' };
        source.prompt = `${request.prompt}\n\n${CONTINUATION_NOTE}`;
      }
      const operation = await callVeo(
        () =>
          ai.models.generateVideos({
            model,
            source,
            config: {
              aspectRatio: request.aspectRatio,
              resolution: request.resolution,
              durationSeconds: VEO_SEGMENT_SECONDS,
              numberOfVideos: 1,
              abortSignal: request.signal,
            },
          }),
        request.signal,
      );
      if (!operation.name) throw new VideoModelError('Veo did not start the video. It will be retried.', true);
      return operation;
    } finally {
      if (continues) await rm(framePath, { force: true });
    }
  }

  async function waitUntilDone(
    operation: GenerateVideosOperation,
    signal: AbortSignal | undefined,
    pollAtOnce: boolean,
  ): Promise<GenerateVideosOperation> {
    let current = operation;
    let wait = !pollAtOnce;
    while (!current.done) {
      if (wait) await sleep(pollIntervalMs, signal);
      wait = true;
      const pending = current;
      current = await callVeo(
        () => ai.operations.getVideosOperation({ operation: pending, config: { abortSignal: signal } }),
        signal,
      );
    }
    return current;
  }

  function finishedVideo(operation: GenerateVideosOperation): GeneratedVideo {
    if (operation.error) {
      const { code, status, message } = operation.error;
      const text = typeof message === 'string' && message ? redact(message) : 'the generation ended with an error';
      const retryable =
        (typeof code === 'number' && RETRYABLE_OPERATION_CODES.has(code)) ||
        (typeof status === 'string' && RETRYABLE_OPERATION_STATUSES.has(status));
      throw new VideoModelError(`Veo failed: ${text}`, retryable);
    }
    const response = operation.response;
    const video = response?.generatedVideos?.[0];
    if (video?.video?.uri || video?.video?.videoBytes) return video;
    if ((response?.raiMediaFilteredCount ?? 0) >= 1) {
      const reasons = (response?.raiMediaFilteredReasons ?? []).filter((reason) => reason.trim() !== '');
      throw new VideoModelError(
        reasons.length > 0
          ? `Veo blocked this prompt: ${redact(reasons.join('; '))}`
          : 'Veo blocked this prompt for safety reasons. Try rephrasing it.',
        false,
      );
    }
    throw new VideoModelError('Veo finished without returning a video. It will be retried.', true);
  }

  async function download(video: GeneratedVideo, request: SegmentRequest): Promise<number> {
    const uri = video.video?.uri;
    if (uri !== undefined && !DOWNLOADABLE_URI.test(uri)) {
      throw new VideoModelError('Veo returned a video link that cannot be downloaded.', false);
    }
    await rm(request.outputFile, { force: true });
    try {
      await callVeo(
        () =>
          ai.files.download({
            file: video,
            downloadPath: request.outputFile,
            config: { abortSignal: request.signal },
          }),
        request.signal,
      );
      const size = (await stat(request.outputFile).catch(() => undefined))?.size ?? 0;
      if (size === 0) throw new VideoModelError('Veo returned an empty video file. It will be retried.', true);
      return size;
    } catch (error) {
      await rm(request.outputFile, { force: true });
      throw error;
    }
  }

  return {
    kind: 'veo',
    model,
    async generateSegment(request: SegmentRequest): Promise<SegmentResult> {
      request.signal?.throwIfAborted();
      const context = { model, segmentIndex: request.segmentIndex, totalSegments: request.totalSegments };
      const log = request.logger ?? logger;
      let operationName = request.resumeOperation;
      try {
        let operation: GenerateVideosOperation;
        if (request.resumeOperation) {
          operation = new GenerateVideosOperation();
          operation.name = request.resumeOperation;
          log?.info({ ...context, operation: operation.name }, 'Veo operation resumed');
        } else {
          operation = await startOperation(request);
          operationName = operation.name;
          log?.info({ ...context, operation: operationName }, 'Veo operation started');
          if (operationName) await request.onOperation?.(operationName);
        }
        const done = await waitUntilDone(operation, request.signal, request.resumeOperation !== undefined);
        const bytes = await download(finishedVideo(done), request);
        log?.info({ ...context, operation: operationName, bytes }, 'Veo segment downloaded');
        return {};
      } catch (error) {
        if (error instanceof VideoModelError) {
          log?.warn(
            { ...context, operation: operationName, retryable: error.retryable, reason: error.message },
            'Veo segment failed',
          );
        }
        throw error;
      }
    },
  };
}

function toVideoModelError(error: unknown, redact: (text: string) => string): VideoModelError {
  if (error instanceof VideoModelError) return error;
  if (error instanceof ApiError) {
    const code = error.status;
    const message = redact(providerMessage(error.message));
    if (code === 429) return new VideoModelError('Veo is over its quota right now (429). The video will be retried.', true);
    if (code >= 500) {
      return new VideoModelError(`Veo had a server error (${code}): ${message} The video will be retried.`, true);
    }
    return new VideoModelError(`Veo rejected the request (${code}): ${message}`, false);
  }
  if (isNetworkError(error)) {
    return new VideoModelError('Veo could not be reached. The video will be retried.', true);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new VideoModelError(`Veo failed: ${redact(message)}`, false);
}

/** The SDK puts the whole JSON error body in ApiError.message: `{"error":{"code","message","status"}}`. */
function providerMessage(raw: string): string {
  try {
    const body = JSON.parse(raw) as { error?: { message?: unknown; status?: unknown } };
    const message = body.error?.message;
    if (typeof message === 'string' && message.trim() !== '') return message.trim();
    if (typeof body.error?.status === 'string') return body.error.status;
  } catch {
    // Not JSON: fall back to the raw text.
  }
  return raw.length > 300 ? `${raw.slice(0, 300)}…` : raw;
}
