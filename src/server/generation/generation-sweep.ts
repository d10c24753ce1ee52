import type { Db } from '../db/database.ts';
import type { Queue } from '../jobs/index.ts';
import type { Logger } from '../logger.ts';
import { featureWork } from '../work/feature-work.ts';

/**
 * At start-up, makes sure every unfinished piece of work a feature registered (work/feature-work.ts) has a job: a
 * first generation, an upload being processed, an extension's shot, an export, a music upload, a shot, a voice-over
 * or captions lost between its commit and its enqueue (a crash), or lost from Redis, is queued again with the id it
 * was given, so jobs that exist already are left as they are (a run a crashed process left is taken again when its
 * lease runs out). Returns how many were (re)queued.
 */
export async function requeueUnfinishedGenerations(db: Db, queue: Queue, logger: Logger): Promise<number> {
  const counts: Record<string, number> = {};
  for (const work of featureWork) {
    for (const [kind, count] of Object.entries((await work.requeueUnfinished?.(db, queue, logger)) ?? {})) counts[kind] = (counts[kind] ?? 0) + count;
  }
  const count = Object.values(counts).reduce((sum, each) => sum + each, 0);
  if (count > 0) logger.info(counts, 'generations resumed after restart');
  return count;
}
