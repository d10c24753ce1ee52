import { readFile, rm } from 'node:fs/promises';
import type { GoogleBackend } from '../google/google-backend.ts';
import type { SegmentRequest } from './video-model.ts';

/**
 * Pieces both Google video adapters (Veo, Gemini Omni Flash) share: their options, the continuation of a
 * previous segment, and around an SDK call network-error detection, abort and wait.
 */

/** What both Google video adapters are made from; an adapter may add its own. */
export interface ProviderVideoModelOptions {
  backend: GoogleBackend;
  /** The provider's model ID, e.g. `veo-3.1-fast-generate-001` or `gemini-omni-1.1-flash` (configured, since IDs get retired). */
  model: string;
  pollIntervalMs?: number;
  /** Writes the last frame of `videoFile` as a PNG at `pngFile` (ffmpeg lives in render/). */
  extractLastFrame: (videoFile: string, pngFile: string) => Promise<void>;
  logger?: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
  };
}

/** One wording for both engines, so each is told the same thing about a continued shot. */
const CONTINUATION_NOTE =
  'This shot continues the previous one: it starts exactly on the given image, a frame of the previous ' +
  'shot. Keep the same subjects, setting, lighting and camera style, with no cut.';

/**
 * Runs `start` with the prompt to send and, when the request continues something, the start image (PNG)
 * with the continuation note added to the prompt: the caller's `startFrameFile`, or else a previous segment's
 * last frame, extracted to a scratch file beside `outputFile` and removed afterwards.
 */
export async function withContinuation<T>(
  request: SegmentRequest,
  extractLastFrame: ProviderVideoModelOptions['extractLastFrame'],
  start: (shot: { prompt: string; frame?: Buffer }) => Promise<T>,
): Promise<T> {
  const continued = `${request.prompt}\n\n${CONTINUATION_NOTE}`;
  // A frame chosen by the caller (a shot continuing another asset) is the caller's file, read as it is.
  if (request.startFrameFile) return start({ prompt: continued, frame: await readFile(request.startFrameFile) });
  const continues = request.segmentIndex > 0 && request.previousSegmentFile !== undefined;
  const framePath = `${request.outputFile}.last-frame.png`;
  try {
    if (continues && request.previousSegmentFile) {
      await extractLastFrame(request.previousSegmentFile, framePath);
      return await start({ prompt: continued, frame: await readFile(framePath) });
    }
    return await start({ prompt: request.prompt });
  } finally {
    if (continues) await rm(framePath, { force: true });
  }
}

const NETWORK_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  const codes = [systemCode(error), systemCode(error.cause)];
  return codes.some((code) => code !== undefined && (NETWORK_ERROR_CODES.has(code) || code.startsWith('UND_ERR_')));
}

function systemCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/**
 * Settles with `promise`, or rejects with the abort reason as soon as `signal` fires: the SDK's Node
 * download pipes the body into the file without forwarding stream errors, so an aborted fetch could
 * otherwise leave it waiting forever.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) {
      onAbort();
    } else {
      signal.addEventListener('abort', onAbort, { once: true });
    }
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
