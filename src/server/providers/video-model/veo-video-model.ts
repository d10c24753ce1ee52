import { rm, stat, writeFile } from 'node:fs/promises';
import {
  ApiError,
  GenerateVideosOperation,
  type GeneratedVideo,
  type GenerateVideosSource,
} from '@google/genai';
import { backendSecret, createGoogleClient } from '../google/google-backend.ts';
import { redactor } from '../text-model/ai-errors.ts';
import { isNotFound, modelNotFound, providerMessage } from '../google/google-errors.ts';
import { ModelNotFoundError } from '../model-not-found.ts';
import { isNetworkError, type ProviderVideoModelOptions, sleep, untilAborted, withContinuation } from './provider-calls.ts';
import {
  type ExtendRequest,
  type ProviderVideo,
  type SegmentRequest,
  type SegmentResult,
  type VideoModel,
  VideoModelError,
} from './video-model.ts';

/** Veo accepts 4, 6 or 8 seconds; we always ask for 8 and the caller trims the last segment. */
const VEO_SEGMENT_SECONDS = 8;

/** Operation errors are google.rpc.Status: gRPC codes (4, 8, 13, 14), though HTTP codes also appear. */
const RETRYABLE_OPERATION_CODES = new Set([429, 500, 503, 504, 4, 8, 13, 14]);
const RETRYABLE_OPERATION_STATUSES = new Set(['RESOURCE_EXHAUSTED', 'UNAVAILABLE', 'DEADLINE_EXCEEDED', 'INTERNAL']);
/** The SDK's own URI check in files.download: `https://…/files/<lowercase-alnum>…` or `files/<id>`. */
const DOWNLOADABLE_URI = /^(https:\/\/.*\/)?files\/[a-z0-9]/;
/** The Gemini API deletes generated files two days after they were made; we stop counting on them an hour earlier. */
const PROVIDER_FILE_LIFETIME_MS = 2 * 24 * 60 * 60 * 1000;
const PROVIDER_FILE_SAFETY_MARGIN_MS = 60 * 60 * 1000;
/** Extensions are made at 720p only, and take their length from the input clip (PROVIDERS §1). */
const EXTENSION_RESOLUTION = '720p';
const LOST_OPERATION_MESSAGE = 'Veo lost track of this video. Please try again.';

/** What generateSegment and extendVideo share once their operation is started: poll, save, report. */
interface OperationRun {
  outputFile: string;
  resumeOperation?: string;
  onOperation?: (operation: string) => Promise<void>;
  signal?: AbortSignal;
  logger?: SegmentRequest['logger'];
}

export interface VeoVideoModelOptions extends ProviderVideoModelOptions {
  /** The clock that dates the provider's copy of a clip. Default Date.now. */
  now?: () => number;
}

/**
 * The VideoModel adapter for Google Veo (`@google/genai`), on the Gemini API or on Vertex AI. The Gemini API
 * keeps each clip as a file for two days, which extendVideo can continue; Vertex returns the clip's bytes in
 * the operation, so there is nothing to extend and no extendVideo.
 */
export function createVeoVideoModel(options: VeoVideoModelOptions): VideoModel {
  const { backend, model, extractLastFrame, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 10_000;
  const now = options.now ?? Date.now;
  const ai = createGoogleClient(backend);
  const redact = redactor(backendSecret(backend));

  /**
   * Runs one SDK call; whatever it throws leaves as a VideoModelError, or as the abort reason. A 404 is
   * given to `onNotFound` when there is one (it names what is missing: the model, or the operation).
   */
  async function callVeo<T>(
    run: () => Promise<T>,
    signal: AbortSignal | undefined,
    onNotFound?: (error: ApiError) => Promise<never>,
  ): Promise<T> {
    try {
      return await untilAborted(run(), signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (onNotFound && isNotFound(error)) return onNotFound(error);
      throw toVideoModelError(error, redact);
    }
  }

  /** A 404 on a start names the model: Veo does not know it (wrong ID, or retired). */
  async function startNotFound(error: ApiError): Promise<never> {
    throw modelNotFound(error, model, redact) ?? error;
  }

  /**
   * A 404 on a poll: either the model was retired while the operation ran (models.get says 404 too),
   * or Veo dropped this one operation, which a new attempt may not suffer.
   */
  async function pollNotFound(signal: AbortSignal | undefined): Promise<never> {
    try {
      await untilAborted(ai.models.get({ model, config: { abortSignal: signal } }), signal);
    } catch (lookup) {
      if (signal?.aborted) throw signal.reason;
      const gone = modelNotFound(lookup, model, redact);
      if (gone) throw gone;
    }
    throw new VideoModelError(LOST_OPERATION_MESSAGE, false);
  }

  function startOperation(request: SegmentRequest): Promise<GenerateVideosOperation> {
    return withContinuation(request, extractLastFrame, async ({ prompt, frame }) => {
      const source: GenerateVideosSource = { prompt };
      if (frame) source.image = { imageBytes: frame.toString('base64'), mimeType: 'image/png' };
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
        startNotFound,
      );
      return startedOperation(operation);
    });
  }

  /** Veo continues its own clip (Gemini API: the file's URI); the answer is the whole, longer video. */
  async function startExtension(request: ExtendRequest): Promise<GenerateVideosOperation> {
    const operation = await callVeo(
      () =>
        ai.models.generateVideos({
          model,
          source: { prompt: request.prompt, video: { uri: request.video.uri } },
          config: { resolution: EXTENSION_RESOLUTION, numberOfVideos: 1, abortSignal: request.signal },
        }),
      request.signal,
      startNotFound,
    );
    return startedOperation(operation);
  }

  function startedOperation(operation: GenerateVideosOperation): GenerateVideosOperation {
    if (!operation.name) throw new VideoModelError('Veo did not start the video. It will be retried.', true);
    return operation;
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
        () => pollNotFound(signal),
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

  /** Writes the finished clip to `outputFile`: the Gemini API's file is downloaded, Vertex's bytes written. */
  async function save(video: GeneratedVideo, run: OperationRun): Promise<number> {
    const { uri, videoBytes } = video.video ?? {};
    const downloadable = uri !== undefined && DOWNLOADABLE_URI.test(uri);
    if (!downloadable && !videoBytes) {
      throw new VideoModelError('Veo returned a video link that cannot be downloaded.', false);
    }
    await rm(run.outputFile, { force: true });
    try {
      if (downloadable) {
        await callVeo(
          () => ai.files.download({ file: video, downloadPath: run.outputFile, config: { abortSignal: run.signal } }),
          run.signal,
        );
      } else {
        await writeFile(run.outputFile, Buffer.from(videoBytes ?? '', 'base64'));
      }
      const size = (await stat(run.outputFile).catch(() => undefined))?.size ?? 0;
      if (size === 0) throw new VideoModelError('Veo returned an empty video file. It will be retried.', true);
      return size;
    } catch (error) {
      await rm(run.outputFile, { force: true });
      throw error;
    }
  }

  /** The Gemini API's copy of the clip, which extendVideo can continue until Google deletes it. */
  function providerVideoOf(video: GeneratedVideo): ProviderVideo | undefined {
    const uri = video.video?.uri;
    if (backend.kind !== 'gemini-api' || uri === undefined || !DOWNLOADABLE_URI.test(uri)) return undefined;
    return { uri, expiresAt: new Date(now() + PROVIDER_FILE_LIFETIME_MS - PROVIDER_FILE_SAFETY_MARGIN_MS).toISOString() };
  }

  /** Starts (or resumes) an operation, polls it to the end and saves its clip. */
  async function runOperation(
    run: OperationRun,
    context: Record<string, unknown>,
    start: () => Promise<GenerateVideosOperation>,
  ): Promise<SegmentResult> {
    run.signal?.throwIfAborted();
    const log = run.logger ?? logger;
    let operationName = run.resumeOperation;
    try {
      let operation: GenerateVideosOperation;
      if (run.resumeOperation) {
        operation = new GenerateVideosOperation();
        operation.name = run.resumeOperation;
        log?.info({ ...context, operation: operation.name }, 'Veo operation resumed');
      } else {
        operation = await start();
        operationName = operation.name;
        log?.info({ ...context, operation: operationName }, 'Veo operation started');
        if (operationName) await run.onOperation?.(operationName);
      }
      const done = await waitUntilDone(operation, run.signal, run.resumeOperation !== undefined);
      const video = finishedVideo(done);
      const bytes = await save(video, run);
      log?.info({ ...context, operation: operationName, bytes }, 'Veo segment downloaded');
      const providerVideo = providerVideoOf(video);
      return providerVideo ? { providerVideo } : {};
    } catch (error) {
      if (error instanceof VideoModelError) {
        log?.warn(
          { ...context, operation: operationName, retryable: error.retryable, reason: error.message },
          'Veo segment failed',
        );
      } else if (error instanceof ModelNotFoundError) {
        log?.warn({ ...context, operation: operationName, reason: error.providerMessage }, 'Veo does not know the model');
      }
      throw error;
    }
  }

  async function extendVideo(request: ExtendRequest): Promise<SegmentResult> {
    return runOperation(request, { model, extension: true }, () => startExtension(request));
  }

  return {
    kind: 'veo',
    model,
    generateSegment(request: SegmentRequest): Promise<SegmentResult> {
      const context = { model, segmentIndex: request.segmentIndex, totalSegments: request.totalSegments };
      return runOperation(request, context, () => startOperation(request));
    },
    // Vertex answers with the clip's bytes and keeps no copy to continue (only a GCS output could).
    ...(backend.kind === 'gemini-api' ? { extendVideo } : {}),
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
  const signInStatus = tokenExchangeStatus(error);
  if (signInStatus !== undefined) {
    if (signInStatus === 429 || signInStatus >= 500) {
      return new VideoModelError(`Google sign-in for Vertex AI failed (${signInStatus}). The video will be retried.`, true);
    }
    const message = error instanceof Error ? error.message : String(error);
    return new VideoModelError(`Google refused the Vertex AI credentials (${signInStatus}): ${redact(message)}`, false);
  }
  if (isNetworkError(error)) {
    return new VideoModelError('Veo could not be reached. The video will be retried.', true);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new VideoModelError(`Veo failed: ${redact(message)}`, false);
}

/**
 * The HTTP status of a failed OAuth token exchange (Vertex AI): google-auth-library throws gaxios errors,
 * which carry the request's config and the answer's status; the SDK's own calls throw ApiError instead.
 */
function tokenExchangeStatus(error: unknown): number | undefined {
  if (!(error instanceof Error) || !('config' in error) || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}
