import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';

type TimedKind = 'export' | 'generate';

/** The latest finished jobs of a kind and size an estimate reads. */
const RECENT_JOBS = 20;
/** Fewer than this many and the estimate is the fallback's: one odd run says little. */
const MIN_JOBS = 3;
/** Older runs say little about this server now (its load, its machine). */
const MAX_AGE_DAYS = 14;

interface Timed {
  kind: TimedKind;
  /** What the time depends on besides the length (an export's resolution); '' when nothing else. */
  size: string;
  outputSeconds: number;
}

/**
 * Records how long a finished job took, from when it was asked for to when its result was stored. The job's
 * result is stored by then: a record that cannot be written is logged, never the job's failure.
 */
export async function recordJobTiming(db: Db, job: Timed & { requestedAt: string; finishedAt: Date }, logger: Logger): Promise<void> {
  const seconds = (job.finishedAt.getTime() - Date.parse(job.requestedAt)) / 1000;
  if (!(seconds > 0) || !(job.outputSeconds > 0)) return;
  await db
    .insertInto('jobTimings')
    .values({ id: randomUUID(), kind: job.kind, size: job.size, outputSeconds: job.outputSeconds, seconds, finishedAt: job.finishedAt.toISOString() })
    .execute()
    .catch((error: unknown) => logger.warn({ err: error, kind: job.kind }, 'a finished job’s time could not be recorded'));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Seconds per output second that this server's latest finished jobs of a kind and size took (their median), or
 * null until there are enough of them, or when they cannot be read: an estimate is never a reason to fail.
 */
export async function secondsPerOutputSecond(db: Db, kind: TimedKind, size: string, now = new Date()): Promise<number | null> {
  const since = new Date(now.getTime() - MAX_AGE_DAYS * 86_400_000).toISOString();
  const rows = await db
    .selectFrom('jobTimings')
    .select(['seconds', 'outputSeconds'])
    .where('kind', '=', kind)
    .where('size', '=', size)
    .where('finishedAt', '>=', since)
    .orderBy('finishedAt', 'desc')
    .limit(RECENT_JOBS)
    .execute()
    .catch(() => []);
  return rows.length < MIN_JOBS ? null : median(rows.map((row) => row.seconds / row.outputSeconds));
}

/**
 * How long a job of this kind, size and length should take on this server, in seconds: the median time per
 * output second of its latest finished jobs of the same kind and size, times this one's length (issue 25.15).
 * Null until there are enough of them; the caller falls back to its fixed estimate.
 */
export async function estimateSeconds(db: Db, job: Timed, now = new Date()): Promise<number | null> {
  if (!(job.outputSeconds > 0)) return null;
  const rate = await secondsPerOutputSecond(db, job.kind, job.size, now);
  return rate === null ? null : rate * job.outputSeconds;
}
