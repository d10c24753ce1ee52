import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { claimFairly, claimableKinds } from './fair-claim.ts';
import {
  type JobContext,
  type JobDefinitions,
  type JobName,
  type JobPayloads,
  JobStopped,
  MAX_JOB_ATTEMPTS,
  RetryableJobError,
  describeError,
  jobCancelled,
  jobLogger,
  retryDelayMs,
} from './job-registry.ts';
import { superviseRun } from './job-run.ts';
import { type JobLimits, defaultJobLimits } from './job-limits.ts';
import type { Queue } from './queue.ts';

export interface DatabaseQueueOptions {
  /** How long a claim lasts without a heartbeat; a crashed runner's jobs are taken again after it. */
  leaseMs?: number;
  pollMs?: number;
  /** Concurrency and time limit of each job kind. */
  limits?: JobLimits;
  retryDelay?: (attempt: number) => number;
  now?: () => Date;
}

/**
 * The embedded default queue: jobs are rows in the app's database, so they survive restarts with no
 * extra service. A runner claims a row with a lease it renews while working; rows whose lease ran
 * out (their runner died) are claimed again. Each kind of job has its own number of slots, and within
 * a kind the runner takes turns between users (fair-claim.ts).
 */
export function createDatabaseQueue(db: Db, logger: Logger, options: DatabaseQueueOptions = {}): Queue {
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 500;
  const limits = options.limits ?? defaultJobLimits;
  const now = options.now ?? (() => new Date());
  const retryDelay = options.retryDelay ?? retryDelayMs;
  const running = new Map<string, { name: string; promise: Promise<void>; abort: (reason: JobStopped) => void }>();
  let definitions: JobDefinitions | undefined;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let tickAgain = false;
  let stopping = false;

  type ClaimedJob = NonNullable<Awaited<ReturnType<typeof claimFairly>>>;

  async function execute(job: ClaimedJob) {
    const name = job.name as JobName;
    const definition = definitions![name];
    const payload = JSON.parse(job.payload) as JobPayloads[JobName];
    const log = jobLogger(logger, { id: job.id, name, attempt: job.attempts, payload });
    // Every write is for this claim only: a row cancelled or taken over by another runner is left alone.
    const thisClaim = () =>
      db.updateTable('jobs').where('id', '=', job.id).where('status', '=', 'running').where('attempts', '=', job.attempts);
    const supervised = superviseRun({
      timeLimitMs: limits.timeLimitMs(name),
      heartbeatMs: leaseMs / 3,
      logger: log,
      heartbeat: async () => {
        const renewed = await thisClaim()
          .set({ lockedUntil: new Date(now().getTime() + leaseMs).toISOString() })
          .executeTakeFirst();
        if (renewed.numUpdatedRows === 0n) return false;
        return definition.stillWanted ? definition.stillWanted(payload as never) : true;
      },
    });
    running.get(job.id)!.abort = supervised.abort;
    const context: JobContext = { jobId: job.id, attempt: job.attempts, signal: supervised.signal, logger: log };
    const finish = async (status: 'completed' | 'failed' | 'queued' | 'cancelled', extra: { lastError?: string; runAt?: string } = {}) => {
      await thisClaim()
        .set({ status, lockedUntil: null, updatedAt: now().toISOString(), ...extra })
        .execute();
    };
    try {
      log.info('job started');
      await definition.run(payload as never, context);
      await finish('completed');
      log.info('job completed');
    } catch (error) {
      const stopped = supervised.stoppedBy();
      const reason = stopped?.kind === 'time-limit' ? stopped.message : describeError(error);
      if (stopped?.kind === 'shutdown') {
        await finish('queued', { runAt: now().toISOString(), lastError: 'interrupted by shutdown' });
        log.info('job handed back at shutdown');
      } else if (stopped?.kind === 'cancelled') {
        await finish('cancelled', { lastError: stopped.message });
        log.info('job cancelled');
      } else if (!stopped && error instanceof RetryableJobError && job.attempts < MAX_JOB_ATTEMPTS) {
        const runAt = new Date(now().getTime() + retryDelay(job.attempts)).toISOString();
        await finish('queued', { runAt, lastError: reason });
        log.warn({ reason, runAt }, 'job will be retried');
      } else {
        await finish('failed', { lastError: reason });
        log.error({ reason, detail: stopped ? describeError(error) : undefined }, 'job failed');
        await definition.fail(payload as never, reason).catch((failError: unknown) => {
          log.error({ err: failError }, 'recording the job failure failed');
        });
      }
    } finally {
      supervised.end();
    }
  }

  const hasFreeSlot = (name: string) =>
    [...running.values()].filter((entry) => entry.name === name).length < limits.concurrency(name);

  async function tick() {
    const kinds = Object.keys(definitions!);
    const claimable = await claimableKinds(db, kinds.filter(hasFreeSlot), now());
    for (const name of kinds.filter((kind) => claimable.has(kind))) {
      while (!stopping && hasFreeSlot(name)) {
        const job = await claimFairly(db, name, { leaseMs, now: now() });
        if (!job) break;
        const entry = { name, promise: Promise.resolve(), abort: (_reason: JobStopped) => {} };
        running.set(job.id, entry);
        entry.promise = execute(job)
          .catch((error: unknown) => logger.error({ err: error, jobId: job.id }, 'job runner failed'))
          .finally(() => {
            running.delete(job.id);
            wake();
          });
      }
    }
  }

  /** Looks for work now (after an enqueue here, or a job finishing) instead of at the next poll. */
  function wake() {
    if (!definitions || stopping) return;
    if (ticking) {
      tickAgain = true;
      return;
    }
    if (timer) clearTimeout(timer);
    ticking = (async () => {
      do {
        tickAgain = false;
        try {
          await tick();
        } catch (error) {
          logger.error({ err: error }, 'job queue poll failed');
        }
      } while (tickAgain && !stopping);
    })().finally(() => {
      ticking = undefined;
      if (!stopping) timer = setTimeout(wake, pollMs);
    });
  }

  return {
    kind: 'database',
    async enqueue(name, payload, jobId, owner) {
      const at = now().toISOString();
      await db
        .insertInto('jobs')
        .values({ id: jobId, name, payload: JSON.stringify(payload), userId: owner?.userId ?? null, runAt: at, createdAt: at, updatedAt: at })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      wake();
    },
    async cancel(jobs) {
      if (jobs.length === 0) return;
      const ids = jobs.map((job) => job.jobId);
      await db
        .updateTable('jobs')
        .set({ status: 'cancelled', lockedUntil: null, lastError: 'cancelled', updatedAt: now().toISOString() })
        .where('id', 'in', ids)
        .where('status', 'in', ['queued', 'running'])
        .execute();
      // A run in another process sees its row cancelled at its next heartbeat.
      for (const id of ids) running.get(id)?.abort(jobCancelled());
    },
    start(jobDefinitions) {
      definitions = jobDefinitions;
      stopping = false;
      wake();
    },
    async stop(graceMs = 10_000) {
      stopping = true;
      if (timer) clearTimeout(timer);
      await ticking;
      const all = Promise.all([...running.values()].map((entry) => entry.promise));
      const timedOut = await Promise.race([all.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref())]);
      if (timedOut) {
        for (const entry of running.values()) entry.abort(new JobStopped('shutdown', 'interrupted by shutdown'));
        await all;
      }
    },
    async check() {
      await db.selectFrom('jobs').select('id').limit(1).execute();
    },
  };
}
