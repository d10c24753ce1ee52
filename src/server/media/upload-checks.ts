import { UPLOAD_MAX_DURATION, UPLOAD_MIN_DURATION } from '../../shared/uploads.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { decodeFirstFrame } from '../render/media-operations.ts';
import { type MediaProbe, NotAVideoError, isCompleteMp4, probeMedia } from '../render/probe-media.ts';

/**
 * The bounds on what an upload may cost to process (decision 008). Sources up to 4K-class sizes are taken;
 * larger ones are refused from their header, before anything is decoded, because a decoder holds whole
 * frames of the source's size whatever the output's.
 */
const UPLOAD_MAX_LONG_SIDE = 4096;
const UPLOAD_MAX_SHORT_SIDE = 2304;
/** Decoded pixels per second: 4K at 60 frames per second. */
const UPLOAD_MAX_PIXEL_RATE = 3840 * 2160 * 60;
/** AAC padding makes a 300-second video's container a few hundredths of a second longer. */
export const DURATION_TOLERANCE_SECONDS = 0.1;

export const NOT_PLAYABLE_MESSAGE = 'Not a playable video';
export const DURATION_MESSAGE = `Videos must be between ${UPLOAD_MIN_DURATION} and ${UPLOAD_MAX_DURATION} seconds long`;
const TOO_LARGE_FRAME_MESSAGE = `Videos must be at most 4K: ${UPLOAD_MAX_LONG_SIDE} x ${UPLOAD_MAX_SHORT_SIDE} pixels`;
export const TOO_FAST_MESSAGE = 'Videos must be at most 4K at 60 frames per second';

/** The header probe and the first frame's decode, run inside complete-upload: they must answer at once. */
const QUICK_CHECK_TIMEOUT_MS = 20_000;

/** An upload we will not process; `message` is what the user is told. */
export class UploadRefusedError extends Error {
  override name = 'UploadRefusedError';
}

export function isDurationAccepted(seconds: number): boolean {
  return seconds >= UPLOAD_MIN_DURATION && seconds <= UPLOAD_MAX_DURATION + DURATION_TOLERANCE_SECONDS;
}

export function isPixelRateAccepted(width: number, height: number, frameRate: number): boolean {
  return width * height * frameRate <= UPLOAD_MAX_PIXEL_RATE;
}

/**
 * The cheap, bounded checks: what the file's headers say (a video, in a container we read, of an accepted
 * length and frame size), an MP4's boxes all present, and its first frame decodes. Throws UploadRefusedError.
 * A header can lie about the length, and its frame rate is often a time base (1000 for a browser's WebM): the
 * upload job measures both from what the file really holds.
 */
export async function checkUploadedFile(ffmpeg: FfmpegBinaries, file: string): Promise<MediaProbe> {
  const probe = await probeMedia(ffmpeg, file, { timeoutMs: QUICK_CHECK_TIMEOUT_MS }).catch((error: unknown) => {
    throw error instanceof NotAVideoError ? new UploadRefusedError(NOT_PLAYABLE_MESSAGE) : error;
  });
  if (/mov|mp4/.test(probe.formatName) && !(await isCompleteMp4(file))) throw new UploadRefusedError(NOT_PLAYABLE_MESSAGE);
  if (!isDurationAccepted(probe.durationSeconds)) throw new UploadRefusedError(DURATION_MESSAGE);
  const long = Math.max(probe.width, probe.height);
  const short = Math.min(probe.width, probe.height);
  if (long > UPLOAD_MAX_LONG_SIDE || short > UPLOAD_MAX_SHORT_SIDE) throw new UploadRefusedError(TOO_LARGE_FRAME_MESSAGE);
  await decodeFirstFrame(ffmpeg, file, { timeoutMs: QUICK_CHECK_TIMEOUT_MS }).catch(() => {
    throw new UploadRefusedError(NOT_PLAYABLE_MESSAGE);
  });
  return probe;
}
