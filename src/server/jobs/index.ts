import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { createBullmqQueue } from './bullmq-queue.ts';
import { createDatabaseQueue } from './database-queue.ts';
import { jobLimitsFrom } from './job-limits.ts';
import type { Queue } from './queue.ts';

export type { Queue } from './queue.ts';

type QueueConfig = Pick<Config, 'redisUrl' | 'jobLeaseMs' | 'jobConcurrency' | 'jobTimeLimitSeconds'>;

/** BullMQ on Redis when REDIS_URL is set (jobs run in `npm run worker`), else rows in the database. */
export function createQueue(config: QueueConfig, db: Db, logger: Logger): Queue {
  const limits = jobLimitsFrom(config);
  return config.redisUrl
    ? createBullmqQueue(config.redisUrl, logger, { leaseMs: config.jobLeaseMs, limits })
    : createDatabaseQueue(db, logger, { leaseMs: config.jobLeaseMs, limits });
}
