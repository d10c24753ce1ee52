/** Every job the app runs, with its payload type. Payloads hold ids only; handlers read the rest. */
export interface JobPayloads {
  'generate-video': { projectId: string };
  'export-video': { exportJobId: string };
  /** `charged` is what the extension cost, refunded if it fails. */
  'extend-video': { projectId: string; prompt: string; charged: number };
}

export type JobName = keyof JobPayloads;

export interface JobContext {
  jobId: string;
  /** 1 for the first run. */
  attempt: number;
  signal: AbortSignal;
}

/**
 * How to run one kind of job. `run` must be idempotent: after a crash it runs again on the same
 * payload. Throwing RetryableJobError asks for another attempt; anything else, or running out of
 * attempts, ends the job and calls `fail` once, which records the failure where the user sees it.
 */
export interface JobDefinition<N extends JobName> {
  run(payload: JobPayloads[N], context: JobContext): Promise<void>;
  fail(payload: JobPayloads[N], reason: string): Promise<void>;
}

export type JobDefinitions = { [N in JobName]: JobDefinition<N> };

export class RetryableJobError extends Error {
  override name = 'RetryableJobError';
}

export const MAX_JOB_ATTEMPTS = 3;

/** Wait before attempt n+1: 5 s, 20 s, 80 s … */
export function retryDelayMs(attempt: number): number {
  return 5000 * 4 ** (attempt - 1);
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
