import { type Job, Queue as BullQueue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import {
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

const QUEUE_NAME = 'jobs';

export interface BullmqQueueOptions {
  /** Namespaces the Redis keys (tests use a fresh prefix per run). */
  prefix?: string;
  concurrency?: number;
  /** First retry delay; later ones grow exponentially. */
  retryDelayMs?: number;
  /**
   * How long a running job's lock lasts without renewal (renewed every half of it), and how often
   * workers look for jobs whose lock ran out: a killed worker's job runs again on another worker
   * within about 2-3 leases. Config.jobLeaseMs (JOB_LEASE_SECONDS); BullMQ's default is 30 s.
   */
  leaseMs?: number;
}

/**
 * The scaled-out queue: jobs live in Redis and run in `npm run worker` processes. BullMQ re-runs a
 * job whose worker died (stalled-job detection); our handlers are idempotent, so that is safe.
 */
export function createBullmqQueue(redisUrl: string, logger: Logger, options: BullmqQueueOptions = {}): Queue {
  const prefix = options.prefix ?? 'promptreel';
  const leaseMs = options.leaseMs ?? 30_000;
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new BullQueue(QUEUE_NAME, { connection, prefix });
  let worker: Worker | undefined;
  let workerConnection: Redis | undefined;
  let stopped: Promise<void> | undefined;

  const logFor = (job: Job) =>
    jobLogger(logger, { id: job.id ?? '', name: job.name as JobName, attempt: attemptOf(job), payload: job.data as object });

  return {
    kind: 'bullmq',
    async enqueue(name, payload, jobId) {
      await queue.add(name, payload, {
        // BullMQ job ids may not contain ':'.
        jobId: jobId.replaceAll(':', '_'),
        attempts: MAX_JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: options.retryDelayMs ?? retryDelayMs(1) },
        removeOnComplete: true,
        removeOnFail: 1000,
      });
    },
    start(definitions: JobDefinitions) {
      worker = new Worker(
        QUEUE_NAME,
        async (job: Job) => {
          const log = logFor(job);
          log.info('job started');
          try {
            await definitions[job.name as JobName].run(job.data as JobPayloads[JobName] as never, {
              jobId: job.id ?? '',
              attempt: attemptOf(job),
              // BullMQ lets running jobs finish at close(); nothing aborts them.
              signal: new AbortController().signal,
              logger: log,
            });
            log.info('job completed');
          } catch (error) {
            if (error instanceof RetryableJobError) throw error;
            throw new UnrecoverableError(describeError(error));
          }
        },
        {
          connection: (workerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null })),
          prefix,
          concurrency: options.concurrency ?? 1,
          lockDuration: leaseMs,
          stalledInterval: leaseMs,
        },
      );
      worker.on('failed', (job, error) => {
        if (!job) return;
        const log = logFor(job);
        const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
        if (!final) {
          log.warn({ reason: error.message }, 'job will be retried');
          return;
        }
        log.error({ reason: error.message }, 'job failed');
        const definition = definitions[job.name as JobName];
        definition.fail(job.data as never, error.message).catch((failError: unknown) => {
          log.error({ err: failError }, 'recording the job failure failed');
        });
      });
      worker.on('error', (error) => logger.error({ err: error }, 'job worker error'));
      worker
        .waitUntilReady()
        .then(() => logger.info({ concurrency: options.concurrency ?? 1, leaseMs }, 'waiting for jobs'))
        .catch(() => {}); // a connection failure is reported by the 'error' handler above
    },
    stop() {
      // close() waits for running jobs to finish; a job cut off by a kill is re-run as stalled.
      stopped ??= (async () => {
        await worker?.close();
        await queue.close();
        await workerConnection?.quit();
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
