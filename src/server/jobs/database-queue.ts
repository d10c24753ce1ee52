import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import {
  type JobContext,
  type JobDefinitions,
  type JobName,
  type JobPayloads,
  MAX_JOB_ATTEMPTS,
  RetryableJobError,
  describeError,
  jobLogger,
  retryDelayMs,
} from './job-registry.ts';
import type { Queue } from './queue.ts';

export interface DatabaseQueueOptions {
  /** How long a claim lasts without a heartbeat; a crashed runner's jobs are taken again after it. */
  leaseMs?: number;
  pollMs?: number;
  concurrency?: number;
  retryDelay?: (attempt: number) => number;
  now?: () => Date;
}

/**
 * The embedded default queue: jobs are rows in the app's database, so they survive restarts with no
 * extra service. A runner claims a row with a lease it renews while working; rows whose lease ran
 * out (their runner died) are claimed again.
 */
export function createDatabaseQueue(db: Db, logger: Logger, options: DatabaseQueueOptions = {}): Queue {
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 500;
  const concurrency = options.concurrency ?? 1;
  const now = options.now ?? (() => new Date());
  const retryDelay = options.retryDelay ?? retryDelayMs;
  const running = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;

  async function claimNext() {
    const at = now();
    const candidate = await db
      .selectFrom('jobs')
      .select(['id', 'attempts'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('runAt', '<=', at.toISOString())]),
          eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<', at.toISOString())]),
        ]),
      )
      .orderBy('runAt')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    // Optimistic claim: only one runner's update matches the attempts count it read.
    const claimed = await db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: candidate.attempts + 1,
        lockedUntil: new Date(at.getTime() + leaseMs).toISOString(),
        updatedAt: at.toISOString(),
      })
      .where('id', '=', candidate.id)
      .where('attempts', '=', candidate.attempts)
      .returningAll()
      .executeTakeFirst();
    return claimed;
  }

  type ClaimedJob = NonNullable<Awaited<ReturnType<typeof claimNext>>>;

  async function execute(definitions: JobDefinitions, job: ClaimedJob, abort: AbortController) {
    const name = job.name as JobName;
    const definition = definitions[name];
    const payload = JSON.parse(job.payload) as JobPayloads[JobName];
    const log = jobLogger(logger, { id: job.id, name, attempt: job.attempts, payload });
    const context: JobContext = { jobId: job.id, attempt: job.attempts, signal: abort.signal, logger: log };
    const heartbeat = setInterval(() => {
      db.updateTable('jobs')
        .set({ lockedUntil: new Date(now().getTime() + leaseMs).toISOString() })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .execute()
        .catch((error: unknown) => log.warn({ err: error }, 'job heartbeat failed'));
    }, leaseMs / 3);
    const finish = async (status: 'completed' | 'failed' | 'queued', extra: { lastError?: string; runAt?: string } = {}) => {
      await db
        .updateTable('jobs')
        .set({ status, lockedUntil: null, updatedAt: now().toISOString(), ...extra })
        .where('id', '=', job.id)
        .execute();
    };
    try {
      log.info('job started');
      await definition.run(payload as never, context);
      await finish('completed');
      log.info('job completed');
    } catch (error) {
      const reason = describeError(error);
      if (stopping && abort.signal.aborted) {
        await finish('queued', { runAt: now().toISOString(), lastError: 'interrupted by shutdown' });
        log.info('job handed back at shutdown');
      } else if (error instanceof RetryableJobError && job.attempts < MAX_JOB_ATTEMPTS) {
        const runAt = new Date(now().getTime() + retryDelay(job.attempts)).toISOString();
        await finish('queued', { runAt, lastError: reason });
        log.warn({ reason, runAt }, 'job will be retried');
      } else {
        await finish('failed', { lastError: reason });
        log.error({ reason }, 'job failed');
        await definition.fail(payload as never, reason).catch((failError: unknown) => {
          log.error({ err: failError }, 'recording the job failure failed');
        });
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function tick(definitions: JobDefinitions) {
    while (!stopping && running.size < concurrency) {
      const job = await claimNext();
      if (!job) break;
      const abort = new AbortController();
      const promise = execute(definitions, job, abort).finally(() => running.delete(job.id));
      running.set(job.id, { promise, abort });
    }
  }

  return {
    kind: 'database',
    async enqueue(name, payload, jobId) {
      const at = now().toISOString();
      await db
        .insertInto('jobs')
        .values({ id: jobId, name, payload: JSON.stringify(payload), runAt: at, createdAt: at, updatedAt: at })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    start(definitions) {
      stopping = false;
      const loop = async () => {
        try {
          await tick(definitions);
        } catch (error) {
          logger.error({ err: error }, 'job queue poll failed');
        }
        if (!stopping) timer = setTimeout(loop, pollMs);
      };
      void loop();
    },
    async stop(graceMs = 10_000) {
      stopping = true;
      if (timer) clearTimeout(timer);
      const all = Promise.all([...running.values()].map((entry) => entry.promise));
      const timedOut = await Promise.race([all.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref())]);
      if (timedOut) {
        for (const entry of running.values()) entry.abort.abort();
        await all;
      }
    },
    async check() {
      await db.selectFrom('jobs').select('id').limit(1).execute();
    },
  };
}
