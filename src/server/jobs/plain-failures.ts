import type { Logger } from '../logger.ts';
import { VideoModelError } from '../providers/video-model/video-model.ts';
import { FfmpegError } from '../render/ffmpeg-runner.ts';
import { type JobContext, RetryableJobError } from './job-registry.ts';

/** A failure whose message is a plain sentence written for the user, stored as it is. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

function ffmpegCause(error: unknown): FfmpegError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof FfmpegError) return cause;
  }
  return undefined;
}

/** Whether the message was written for users: ours, or a video model's answer (a refusal, a quota). */
function isUserFacing(error: unknown): boolean {
  if (error instanceof UserFacingError || error instanceof RetryableJobError) return true;
  return error instanceof VideoModelError && !ffmpegCause(error);
}

/**
 * What a job's failure becomes: an error whose message the user may read. A message written for users
 * passes unchanged; anything else (a system error, ffmpeg's stderr) is logged with its detail (for a
 * failed ffmpeg run its command, exit code, stderr tail and filter graph) and becomes `plainMessage`.
 */
function plainFailure(error: unknown, plainMessage: string, log: Logger): Error {
  if (isUserFacing(error)) return error as Error;
  const ffmpeg = ffmpegCause(error);
  const reason = error instanceof Error ? error.message : String(error);
  if (ffmpeg) {
    const { command, exitCode, stderrTail, filterGraph } = ffmpeg;
    log.error({ reason, command, exitCode, stderrTail, filterGraph }, 'job failure detail: ffmpeg failed');
  } else {
    log.error({ err: error, reason }, 'job failure detail');
  }
  return new UserFacingError(plainMessage);
}

/**
 * A job's run whose failures reach the queue as plain sentences (plainFailure). The queue hands the
 * message to the job's `fail`, which stores it where the user reads it, so no system text gets there.
 */
export function withPlainFailures<P>(
  run: (payload: P, context: JobContext) => Promise<void>,
  plainMessage: string,
): (payload: P, context: JobContext) => Promise<void> {
  return async (payload, context) => {
    try {
      await run(payload, context);
    } catch (error) {
      throw plainFailure(error, plainMessage, context.logger);
    }
  };
}
