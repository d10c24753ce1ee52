import type { VideoAspectRatio, VideoResolution } from '../../../shared/generation.ts';
import type { Logger } from '../../logger.ts';

export interface SegmentRequest {
  prompt: string;
  aspectRatio: VideoAspectRatio;
  resolution: VideoResolution;
  /** Length of this segment in seconds (8, or what the last one needs). */
  durationSeconds: number;
  /** 0-based position of this segment in the video. */
  segmentIndex: number;
  totalSegments: number;
  /** The previous segment's MP4, so this one can continue it (Veo: its last frame as the start image). */
  previousSegmentFile?: string;
  /** Where the adapter writes the finished H.264/AAC MP4. */
  outputFile: string;
  /** A provider operation started before a restart: poll it instead of starting a new one. */
  resumeOperation?: string;
  /** Called as soon as a provider operation exists, so the caller can persist it. */
  onOperation?: (operation: string) => Promise<void>;
  signal?: AbortSignal;
  /** The job's logger, so the adapter's lines carry the job and project ids; else the adapter's own. */
  logger?: Logger;
}

/** The VideoModel port: turns a prompt into one segment of video on local disk. */
export interface VideoModel {
  /** 'offline' renders locally with ffmpeg; 'veo' calls Google's Veo through the Gemini API. */
  readonly kind: 'offline' | 'veo';
  generateSegment(request: SegmentRequest): Promise<void>;
}

/**
 * A failure the product shows the user (e.g. a safety block). `retryable` says whether trying the
 * same request later may work (429, 5xx) or not (safety block, invalid prompt).
 */
export class VideoModelError extends Error {
  override name = 'VideoModelError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
