import { createWriteStream } from 'node:fs';
import { rm, stat, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { GoogleGenAIInteraction, GoogleGenAIRequestOptions } from '@google/genai';
import { ModelNotFoundError } from '../model-not-found.ts';
import { backendSecret, createGoogleClient } from '../google/google-backend.ts';
import { googleErrorMessage, providerMessage } from '../google/google-errors.ts';
import { redactor } from '../text-model/ai-errors.ts';
import { isNetworkError, type ProviderVideoModelOptions, sleep, untilAborted, withContinuation } from './provider-calls.ts';
import { type SegmentRequest, type SegmentResult, type VideoModel, VideoModelError } from './video-model.ts';

/** Omni Flash makes clips of 3 to 10 whole seconds (24 fps, 16:9 or 9:16). */
const MIN_SECONDS = 3;
const MAX_SECONDS = 10;
/** The preview served 720p only; the GA model (gemini-omni-1.1-flash) adds a 1080p upscale. */
const MODELS_WITHOUT_1080P = new Set(['gemini-omni-flash-preview']);
const GEMINI_API_ORIGIN = 'https://generativelanguage.googleapis.com';

/** Interactions still running; any other status is final. */
const RUNNING_STATUSES = new Set(['in_progress', 'queued']);
const SAFETY_ERROR = /safety|blocked|prohibited|responsible ai|policy/i;
const RETRYABLE_ERROR = /internal|unavailable|deadline|resource_exhausted|overloaded|try again/i;

/**
 * `backend` must be the Gemini API (see decision 013 for why Vertex AI is refused); `model` e.g.
 * `gemini-omni-1.1-flash`.
 */
export type OmniVideoModelOptions = ProviderVideoModelOptions;

/**
 * The VideoModel adapter for Gemini Omni Flash through the Gemini API's Interactions API
 * (`ai.interactions.create` in the background, then `ai.interactions.get` until it ends).
 */
export function createOmniVideoModel(options: OmniVideoModelOptions): VideoModel {
  const { backend, model, extractLastFrame, logger } = options;
  if (backend.kind !== 'gemini-api') {
    throw new Error(
      'Gemini Omni Flash is only on the Gemini API in this app: on Vertex AI it delivers videos to a Cloud Storage ' +
        'bucket, which is not supported. Set GOOGLE_BACKEND=gemini-api or choose a Veo model.',
    );
  }
  const pollIntervalMs = options.pollIntervalMs ?? 10_000;
  const ai = createGoogleClient(backend);
  const apiOrigin = new URL(backend.baseUrl ?? GEMINI_API_ORIGIN).origin;
  const secret = backendSecret(backend);
  const redact = redactor(secret);
  /** The job queue retries whole segments; the SDK's own retries (4, with backoff) would hide 429s and 5xx for 30 s. */
  const callOptions = (signal: AbortSignal | undefined): GoogleGenAIRequestOptions => ({
    retries: { strategy: 'none' },
    ...(signal ? { signal } : {}),
  });

  /** Runs one SDK call; whatever it throws leaves as a VideoModelError, or as the abort reason. */
  async function callOmni<T>(run: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    try {
      return await untilAborted(run(), signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw toVideoModelError(error, redact);
    }
  }

  function createInteraction(request: SegmentRequest): Promise<string> {
    return withContinuation(request, extractLastFrame, async ({ prompt, frame }) => {
      const resolution = request.resolution === '1080p' && !MODELS_WITHOUT_1080P.has(model) ? '1080p' : '720p';
      const interaction = await callOmni(
        () =>
          ai.interactions.create(
            {
              model,
              input: [
                { type: 'text', text: prompt },
                ...(frame ? [{ type: 'image' as const, data: frame.toString('base64'), mime_type: 'image/png' }] : []),
              ],
              generation_config: { video_config: { task: frame ? 'image_to_video' : 'text_to_video' } },
              response_format: {
                type: 'video',
                aspect_ratio: request.aspectRatio,
                resolution,
                duration: `${clipSeconds(request.durationSeconds)}s`,
              },
              background: true,
            },
            callOptions(request.signal),
          ),
        request.signal,
      ).catch((error: unknown) => {
        // A create the provider answers 404 names a model it does not serve (wrong or retired ID).
        if (error instanceof OmniHttpError && error.status === 404) throw new ModelNotFoundError(model, error.providerMessage);
        throw error;
      });
      if (!interaction.id) throw new VideoModelError('Omni did not start the video. It will be retried.', true);
      return interaction.id;
    });
  }

  async function waitUntilDone(id: string, signal: AbortSignal | undefined, pollAtOnce: boolean): Promise<GoogleGenAIInteraction> {
    let wait = !pollAtOnce;
    for (;;) {
      if (wait) await sleep(pollIntervalMs, signal);
      wait = true;
      const interaction = await callOmni(() => ai.interactions.get(id, undefined, callOptions(signal)), signal).catch(
        (error: unknown) => whenPollFails(error, signal),
      );
      if (!RUNNING_STATUSES.has(interaction.status)) return interaction;
    }
  }

  /** A poll answered 404: the interaction is gone, or the model that ran it was retired. models.get tells which. */
  async function whenPollFails(error: unknown, signal: AbortSignal | undefined): Promise<never> {
    if (!(error instanceof OmniHttpError) || error.status !== 404) throw error;
    const modelGone = await callOmni(() => ai.models.get({ model, config: { abortSignal: signal } }), signal).then(
      () => undefined,
      (lookup: unknown) => (lookup instanceof OmniHttpError && lookup.status === 404 ? lookup : undefined),
    );
    if (modelGone) throw new ModelNotFoundError(model, modelGone.providerMessage);
    throw new VideoModelError(`Omni no longer knows this video's interaction (404): ${error.providerMessage}`, false);
  }

  function finishedVideo(interaction: GoogleGenAIInteraction): { data?: string; uri?: string } {
    if (interaction.status === 'completed') {
      const video = interaction.output_video;
      if (video?.data || video?.uri) return { data: video.data, uri: video.uri };
      throw new VideoModelError('Omni finished without returning a video. It will be retried.', true);
    }
    const errors = (interaction.errors ?? []).map((e) => ({ code: e.code ?? '', message: redact(e.message ?? '') }));
    const reason = errors.map((e) => e.message).filter((m) => m.trim() !== '').join('; ');
    if (interaction.status === 'failed') {
      if (errors.some((e) => SAFETY_ERROR.test(e.code) || SAFETY_ERROR.test(e.message))) {
        throw new VideoModelError(
          reason ? `Omni blocked this prompt: ${reason}` : 'Omni blocked this prompt for safety reasons. Try rephrasing it.',
          false,
        );
      }
      const retryable = errors.some((e) => RETRYABLE_ERROR.test(e.code) || RETRYABLE_ERROR.test(e.message));
      throw new VideoModelError(`Omni failed: ${reason || 'the generation ended with an error'}`, retryable);
    }
    // cancelled, incomplete, budget_exceeded, requires_action: nothing a retry of the same request would change.
    throw new VideoModelError(`Omni ended the video as ${interaction.status}${reason ? `: ${reason}` : ''}.`, false);
  }

  async function writeVideo(video: { data?: string; uri?: string }, request: SegmentRequest): Promise<number> {
    await rm(request.outputFile, { force: true });
    try {
      if (video.data) {
        await writeFile(request.outputFile, Buffer.from(video.data, 'base64'));
      } else if (video.uri) {
        await callOmni(() => download(video.uri ?? '', request), request.signal);
      }
      const size = (await stat(request.outputFile).catch(() => undefined))?.size ?? 0;
      if (size === 0) throw new VideoModelError('Omni returned an empty video file. It will be retried.', true);
      return size;
    } catch (error) {
      await rm(request.outputFile, { force: true });
      throw error;
    }
  }

  /** Larger clips come as a URI on the Gemini API: the key goes only to that API's own host. */
  async function download(uri: string, request: SegmentRequest): Promise<void> {
    const url = new URL(uri);
    if (url.protocol !== 'https:' && url.origin !== apiOrigin) {
      throw new VideoModelError('Omni returned a video link that cannot be downloaded.', false);
    }
    const headers: Record<string, string> = url.origin === apiOrigin ? { 'x-goog-api-key': secret } : {};
    const response = await fetch(url, { headers, signal: request.signal });
    if (!response.ok || !response.body) {
      const status = response.status;
      await response.body?.cancel();
      throw new VideoModelError(
        `Omni's video download failed (${status}).${status === 429 || status >= 500 ? ' It will be retried.' : ''}`,
        status === 429 || status >= 500,
      );
    }
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(request.outputFile));
  }

  return {
    kind: 'omni',
    model,
    async generateSegment(request: SegmentRequest): Promise<SegmentResult> {
      request.signal?.throwIfAborted();
      const context = { model, segmentIndex: request.segmentIndex, totalSegments: request.totalSegments };
      const log = request.logger ?? logger;
      let interactionId = request.resumeOperation;
      try {
        if (interactionId) {
          log?.info({ ...context, interaction: interactionId }, 'Omni interaction resumed');
        } else {
          interactionId = await createInteraction(request);
          log?.info({ ...context, interaction: interactionId }, 'Omni interaction started');
          await request.onOperation?.(interactionId);
        }
        const done = await waitUntilDone(interactionId, request.signal, request.resumeOperation !== undefined);
        const bytes = await writeVideo(finishedVideo(done), request);
        log?.info({ ...context, interaction: interactionId, bytes }, 'Omni segment written');
        // No providerVideo: Omni clips are continued from their last frame, not extended by the provider.
        return {};
      } catch (error) {
        if (error instanceof VideoModelError || error instanceof ModelNotFoundError) {
          log?.warn(
            {
              ...context,
              interaction: interactionId,
              retryable: error instanceof VideoModelError ? error.retryable : false,
              reason: error.message,
            },
            'Omni segment failed',
          );
        }
        throw error;
      }
    },
  };
}

/** The segment's length in whole seconds, rounded up (the caller trims) into what the model makes. */
export function clipSeconds(durationSeconds: number): number {
  return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, Math.ceil(durationSeconds)));
}

/** A VideoModelError that remembers the HTTP status and provider message it came from, for the 404 checks. */
class OmniHttpError extends VideoModelError {
  constructor(
    message: string,
    retryable: boolean,
    readonly status: number,
    readonly providerMessage: string,
  ) {
    super(message, retryable);
  }
}

function toVideoModelError(error: unknown, redact: (text: string) => string): VideoModelError {
  if (error instanceof VideoModelError) return error;
  const http = httpFailure(error);
  if (http) {
    const { status } = http;
    const message = redact(http.message);
    if (status === 429) return new OmniHttpError('Omni is over its quota right now (429). The video will be retried.', true, status, message);
    if (status >= 500) {
      return new OmniHttpError(`Omni had a server error (${status}): ${message} The video will be retried.`, true, status, message);
    }
    return new OmniHttpError(`Omni rejected the request (${status}): ${message}`, false, status, message);
  }
  if (isNetworkError(error) || (error instanceof Error && error.name === 'APIConnectionError')) {
    return new VideoModelError('Omni could not be reached. The video will be retried.', true);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new VideoModelError(`Omni failed: ${redact(message)}`, false);
}

/**
 * The HTTP status and Google's message of a failed call. The Interactions client throws APIError
 * (`status`, the parsed body in `error`); models.get throws ApiError (`status`, the raw JSON body as message).
 */
function httpFailure(error: unknown): { status: number; message: string } | undefined {
  if (!(error instanceof Error) || !('status' in error) || typeof error.status !== 'number') return undefined;
  const body: unknown = 'error' in error ? error.error : undefined;
  return { status: error.status, message: googleErrorMessage(body) ?? providerMessage(error.message) };
}
