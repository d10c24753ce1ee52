import { type Config, loadConfig, perKindValue } from '../config.ts';

/** How many jobs of a kind one process runs at once, and how long one run may take. */
export interface JobLimits {
  concurrency(kind: string): number;
  timeLimitMs(kind: string): number;
}

export function jobLimitsFrom(config: Pick<Config, 'jobConcurrency' | 'jobTimeLimitSeconds'>): JobLimits {
  return {
    concurrency: (kind) => perKindValue(config.jobConcurrency, kind),
    timeLimitMs: (kind) => perKindValue(config.jobTimeLimitSeconds, kind) * 1000,
  };
}

/** The defaults of JOB_CONCURRENCY and JOB_TIME_LIMITS. */
export const defaultJobLimits: JobLimits = jobLimitsFrom(loadConfig({}));
