import { type Job, Queue as BullQueue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import {
  type JobDefinition,
  type JobDefinitions,
  type JobName,
  type JobPayloads,
  MAX_JOB_ATTEMPTS,
  RetryableJobError,
  describeError,
  jobCancelled,
  jobLogger,
  retryDelayMs,
} from './job-registry.ts';
import { type SupervisedRun, superviseRun } from './job-run.ts';
import { type JobLimits, defaultJobLimits } from './job-limits.ts';
import type { Queue } from './queue.ts';

export interface BullmqQueueOptions {
  /** Namespaces the Redis keys (tests use a fresh prefix per run). */
  prefix?: string;
  /** Concurrency (per worker process) and time limit of each job kind. */
  limits?: JobLimits;
  /** First retry delay; later ones grow exponentially. */
  retryDelayMs?: number;
  /**
   * How long a running job's lock lasts without renewal (renewed every half of it), and how often
   * workers look for jobs whose lock ran out: a killed worker's job runs again on another worker
   * within about 2-3 leases. Config.jobLeaseMs (JOB_LEASE_SECONDS); BullMQ's default is 30 s.
   */
  leaseMs?: number;
}

/** A failure our handler reported: its message is meant for the user, unlike BullMQ's own ("job stalled …"). */
class HandlerFailure extends UnrecoverableError {}

/** What the user sees when BullMQ itself ends a job (it stalled too often, lost its lock); the detail is logged. */
const INTERRUPTED_MESSAGE = 'It was interrupted too many times and was stopped. Please try again.';

/** BullMQ's highest priority number (the lowest priority). */
const LOWEST_PRIORITY = 2_097_152;

/** How long a cancellation is remembered for a run in another worker to notice it. */
const CANCELLATION_MEMORY_MS = 24 * 60 * 60 * 1000;

/** BullMQ job ids may not contain ':'. */
const bullJobId = (jobId: string) => jobId.replaceAll(':', '_');

/**
 * The scaled-out queue: jobs live in Redis and run in `npm run worker` processes, one BullMQ queue and
 * worker per job kind, so each kind has its own concurrency. BullMQ re-runs a job whose worker died
 * (stalled-job detection) up to MAX_JOB_ATTEMPTS times, as the database queue does; handlers are
 * idempotent, so that is safe. Within a kind, a job is prioritised by how many jobs its user already
 * had (the first of each user before anyone's second): the turn-taking BullMQ allows without groups.
 */
export function createBullmqQueue(redisUrl: string, logger: Logger, options: BullmqQueueOptions = {}): Queue {
  const prefix = options.prefix ?? 'promptreel';
  const leaseMs = options.leaseMs ?? 30_000;
  const limits = options.limits ?? defaultJobLimits;
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queues = new Map<string, BullQueue>();
  const workers: Array<{ worker: Worker; connection: Redis }> = [];
  const runningHere = new Map<string, SupervisedRun>();
  let stopped: Promise<void> | undefined;

  const queueFor = (name: string) => {
    let queue = queues.get(name);
    if (!queue) queues.set(name, (queue = new BullQueue(name, { connection, prefix })));
    return queue;
  };
  const cancelledKey = (id: string) => `${prefix}:cancelled:${id}`;
  const logFor = (job: Job) =>
    jobLogger(logger, { id: job.id ?? '', name: job.name as JobName, attempt: attemptOf(job), payload: job.data as object });

  async function process(definition: JobDefinition<JobName>, job: Job) {
    const id = job.id ?? '';
    const log = logFor(job);
    const payload = job.data as JobPayloads[JobName];
    const supervised = superviseRun({
      timeLimitMs: limits.timeLimitMs(job.name),
      heartbeatMs: leaseMs / 3,
      logger: log,
      heartbeat: async () =>
        (await connection.exists(cancelledKey(id))) === 0 && (definition.stillWanted ? definition.stillWanted(payload as never) : true),
    });
    runningHere.set(id, supervised);
    try {
      log.info('job started');
      await definition.run(payload as never, { jobId: id, attempt: attemptOf(job), signal: supervised.signal, logger: log });
      log.info('job completed');
    } catch (error) {
      const stoppedBy = supervised.stoppedBy();
      if (stoppedBy?.kind === 'cancelled') {
        log.info('job cancelled');
        return;
      }
      if (stoppedBy?.kind === 'time-limit') throw new HandlerFailure(stoppedBy.message);
      if (error instanceof RetryableJobError) throw error;
      throw new HandlerFailure(describeError(error));
    } finally {
      supervised.end();
      runningHere.delete(id);
    }
  }

  function startWorker(name: JobName, definition: JobDefinition<JobName>) {
    const workerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const worker = new Worker(name, (job: Job) => process(definition, job), {
      connection: workerConnection,
      prefix,
      concurrency: limits.concurrency(name),
      lockDuration: leaseMs,
      stalledInterval: leaseMs,
      // A job whose worker died is resumed as often as the database queue resumes one.
      maxStalledCount: MAX_JOB_ATTEMPTS,
    });
    worker.on('failed', (job, error) => {
      if (!job) return;
      const log = logFor(job);
      const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (!final) {
        log.warn({ reason: error.message }, 'job will be retried');
        return;
      }
      const ours = error instanceof HandlerFailure || error instanceof RetryableJobError;
      const reason = ours ? error.message : INTERRUPTED_MESSAGE;
      log.error({ reason, detail: ours ? undefined : error.message }, 'job failed');
      definition.fail(job.data as never, reason).catch((failError: unknown) => {
        log.error({ err: failError }, 'recording the job failure failed');
      });
    });
    worker.on('error', (error) => logger.error({ err: error, job: name }, 'job worker error'));
    worker
      .waitUntilReady()
      .then(() => logger.info({ job: name, concurrency: limits.concurrency(name), leaseMs }, 'waiting for jobs'))
      .catch(() => {}); // a connection failure is reported by the 'error' handler above
    workers.push({ worker, connection: workerConnection });
  }

  return {
    kind: 'bullmq',
    async enqueue(name, payload, jobId, owner) {
      await queueFor(name).add(name, payload, {
        jobId: bullJobId(jobId),
        attempts: MAX_JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: options.retryDelayMs ?? retryDelayMs(1) },
        removeOnComplete: true,
        removeOnFail: 1000,
        priority: owner ? Math.min(owner.activeJobs + 1, LOWEST_PRIORITY) : undefined,
      });
    },
    async cancel(jobs) {
      for (const { name, jobId } of jobs) {
        const id = bullJobId(jobId);
        await connection.set(cancelledKey(id), '1', 'PX', CANCELLATION_MEMORY_MS);
        const job = await queueFor(name).getJob(id);
        // A running job is locked: its worker aborts it at its next heartbeat (or at once, below, if it is this one).
        if (job && !(await job.isActive())) await job.remove().catch(() => undefined);
        runningHere.get(id)?.abort(jobCancelled());
      }
    },
    start(definitions: JobDefinitions) {
      for (const name of Object.keys(definitions) as JobName[]) startWorker(name, definitions[name] as JobDefinition<JobName>);
    },
    stop() {
      // close() waits for running jobs to finish; a job cut off by a kill is re-run as stalled.
      stopped ??= (async () => {
        await Promise.all(workers.map(({ worker }) => worker.close()));
        await Promise.all([...queues.values()].map((queue) => queue.close()));
        await Promise.all(workers.map((entry) => entry.connection.quit()));
        await connection.quit();
      })();
      return stopped;
    },
    async check() {
      await connection.ping();
    },
  };
}

/** Runs started so far, including one cut off by a dead worker (attemptsMade counts only failures). */
function attemptOf(job: Job): number {
  return Math.max(job.attemptsStarted, job.attemptsMade + 1);
}
