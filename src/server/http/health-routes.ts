import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Queue } from '../jobs/index.ts';
import type { Storage } from '../providers/storage/index.ts';

interface HealthOptions {
  db: Db;
  queue: Queue;
  storage: Storage;
}

const CHECK_TIMEOUT_MS = 3000;

/**
 * For load balancers and orchestrators: /healthz says the process is up; /readyz says it can serve,
 * i.e. the database, the job queue and the media storage all answer. A failed check answers 503 and
 * names the part; the cause goes to the log, not to the caller.
 */
export async function healthRoutes(app: FastifyInstance, { db, queue, storage }: HealthOptions): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    const checks: Record<string, () => Promise<unknown>> = {
      database: () => sql`select 1`.execute(db),
      queue: () => queue.check(),
      storage: () => storage.check(),
    };
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (error) {
          request.log.error({ err: error, check: name }, 'readiness check failed');
          return [name, 'failing'] as const;
        }
      }),
    );
    const failing = results.filter(([, state]) => state === 'failing').map(([name]) => name);
    const body = { status: failing.length === 0 ? 'ok' : 'unavailable', checks: Object.fromEntries(results) };
    if (failing.length === 0) return body;
    return reply.status(503).send({ message: `Not ready: ${failing.join(', ')} unreachable`, ...body });
  });
}

function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
