import type { VideoAspectRatio, VideoResolution } from '../../../shared/generation.ts';
import type { TimedWord } from '../../../shared/speech/timed-word.ts';
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
  /** A still (PNG) the segment starts on: the frame of another clip that a new shot continues from. Takes the place of previousSegmentFile's last frame. */
  startFrameFile?: string;
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

/**
 * The provider's own copy of a clip it made, which its extension call can continue (Veo on the Gemini API:
 * the generated file's URI, deleted by Google two days after it was made).
 */
export interface ProviderVideo {
  uri: string;
  /** ISO time after which the provider no longer has the file. */
  expiresAt: string;
}

export interface SegmentResult {
  /** Set when the provider keeps the clip where a later extendVideo can reach it. */
  providerVideo?: ProviderVideo;
  /**
   * The words of the prompt's quoted dialogue the clip speaks, in seconds into it, when the engine knows them
   * (the offline engine, which speaks them itself; the keyed models' speech is not timed).
   */
  dialogueWords?: TimedWord[];
}

/** Veo's video extension: the provider continues its own clip and returns the whole, longer video. */
export interface ExtendRequest {
  prompt: string;
  video: ProviderVideo;
  /** Where the adapter writes the combined H.264/AAC MP4 (the old clip plus what was added). */
  outputFile: string;
  resumeOperation?: string;
  onOperation?: (operation: string) => Promise<void>;
  signal?: AbortSignal;
  logger?: Logger;
}

/** Veo adds 7 seconds per extension call, to clips of at most 141 s, at 720p (PROVIDERS §1). */
export const VEO_EXTENSION_SECONDS = 7;
export const VEO_EXTENDABLE_MAX_SECONDS = 141;

/** The VideoModel port: turns a prompt into one segment of video on local disk. */
export interface VideoModel {
  /** 'offline' renders locally with ffmpeg; 'veo' calls Veo (predictLongRunning); 'omni' calls Gemini Omni Flash (Interactions API). */
  readonly kind: 'offline' | 'veo' | 'omni';
  /** The provider's model ID, or 'offline'. */
  readonly model: string;
  /** Throws VideoModelError (shown to the user) or ModelNotFoundError (the configured model is unknown). */
  generateSegment(request: SegmentRequest): Promise<SegmentResult>;
  /** Present when the engine can continue a clip it made (Veo's video extension). */
  extendVideo?(request: ExtendRequest): Promise<SegmentResult>;
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
