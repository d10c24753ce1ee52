import type { Logger } from '../logger.ts';

/** Every job the app runs, with its payload type. Payloads hold ids only; handlers read the rest. */
export interface JobPayloads {
  'generate-video': { projectId: string };
  'export-video': { exportJobId: string };
  /** An export of a long output (export/export-lane.ts): the same job in a lane of its own, so it never holds a short one. */
  'export-long-video': { exportJobId: string };
  /**
   * Makes the shot an extension appends (generation/extend-video-job.ts): the asset `mediaId`, whose row holds the
   * prompt and the charge. Jobs queued before extensions were shots have no `mediaId` and fail with a refund.
   */
  'extend-video': { projectId: string; mediaId?: string };
  /** Generates one shot into a project's media (generation/generate-shot-job.ts, issue 26). */
  'generate-shot': { mediaId: string };
  /** Makes the free plan's watermarked copy of a project's master (or of one of its assets) that has none. */
  'watermark-video': { projectId: string; mediaId?: string };
  /** Probes, bounds and stores an uploaded video (media/process-upload-job.ts): the project's own, or an asset added to it. */
  'process-upload': { projectId: string; mediaId?: string };
  /** Decodes, normalises and stores a user's uploaded music track (music/process-music-upload-job.ts). */
  'process-music-upload': { trackId: string };
  /** Synthesises, encodes and stores one built-in music library track (music/library, decision 015). */
  'render-music-library': { trackId: string };
  /** Renders the examples' missing posters (all in one run) or one example's clip into storage (examples/, decision 022). */
  'render-example': { kind: 'posters' } | { kind: 'video'; exampleId: number };
  /** Speaks a voice-over asset's script and stores it as AAC with its timed words (speech/generate-voiceover-job.ts, issue 27). */
  'generate-voiceover': { mediaId: string };
  /** Times a script in, or transcribes, a project's sequence's sound into captions (speech/make-captions-job.ts). */
  'make-captions': { captionJobId: string };
}

export type JobName = keyof JobPayloads;

export interface JobContext {
  jobId: string;
  /** 1 for the first run; a run taken over from a dead runner counts too. */
  attempt: number;
  signal: AbortSignal;
  /** Every line it writes carries the job's id, name, attempt and payload ids (see jobLogger). */
  logger: Logger;
}

/**
 * How to run one kind of job. `run` must be idempotent: after a crash it runs again on the same
 * payload. Throwing RetryableJobError asks for another attempt; anything else, or running out of
 * attempts, ends the job and calls `fail` once, which records the failure where the user sees it.
 */
export interface JobDefinition<N extends JobName> {
  run(payload: JobPayloads[N], context: JobContext): Promise<void>;
  fail(payload: JobPayloads[N], reason: string): Promise<void>;
  /**
   * False once the job's work is no longer wanted (its project was deleted, say). A runner asks at every
   * heartbeat and aborts the job if so, whichever process cancelled it; the job then ends without `fail`.
   */
  stillWanted?(payload: JobPayloads[N]): Promise<boolean>;
}

export type JobDefinitions = { [N in JobName]: JobDefinition<N> };

export class RetryableJobError extends Error {
  override name = 'RetryableJobError';
}

export const MAX_JOB_ATTEMPTS = 3;

/** Why a runner aborted a job's signal: its time limit, a cancellation, or a shutdown handing it back. */
export class JobStopped extends Error {
  override name = 'JobStopped';
  constructor(
    readonly kind: 'time-limit' | 'cancelled' | 'shutdown',
    message: string,
  ) {
    super(message);
  }
}

/** The failure a user sees when a job ran past its time limit. */
function timeLimitMessage(limitMs: number): string {
  const minutes = limitMs / 60_000;
  const limit = Number.isInteger(minutes) ? `${minutes}-minute` : `${Math.max(1, Math.round(limitMs / 1000))}-second`;
  return `This took longer than its ${limit} time limit and was stopped.`;
}

export function timeLimitReached(limitMs: number): JobStopped {
  return new JobStopped('time-limit', timeLimitMessage(limitMs));
}

export function jobCancelled(): JobStopped {
  return new JobStopped('cancelled', 'The job was cancelled.');
}

/** Wait before attempt n+1: 5 s, 20 s, 80 s … */
export function retryDelayMs(attempt: number): number {
  return 5000 * 4 ** (attempt - 1);
}

/**
 * The logger of one run of a job: the process logger (whose base fields say which process, by pid
 * and hostname) with the job's id, name and attempt, and the ids in its payload (projectId,
 * exportJobId …), so one grep follows a project or an export through every worker.
 */
export function jobLogger(logger: Logger, job: { id: string; name: JobName; attempt: number; payload: object }): Logger {
  return logger.child({ jobId: job.id, job: job.name, attempt: job.attempt, ...payloadIds(job.payload) });
}

/** Only the payload's *Id fields: the rest (a user's prompt, a credit amount) stays out of the logs. */
function payloadIds(payload: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).filter((entry): entry is [string, string] => entry[0].endsWith('Id') && typeof entry[1] === 'string'),
  );
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
