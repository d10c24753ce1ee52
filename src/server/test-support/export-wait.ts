import type { FastifyInstance } from 'fastify';
import { waitWhileProgressing } from './wait-for.ts';

/**
 * Polls an export as its dialog does (GET /api/export-jobs/:id) until it is no longer pending, and answers what
 * the last poll said. It waits as long as the export makes progress (its status or percentage changes): only an
 * export stalled for `idleMs` fails the test.
 */
export function exportFinished(
  app: FastifyInstance,
  jobId: string,
  cookie: string,
  options: { idleMs?: number; intervalMs?: number; onPoll?: (job: { status: string; progress: number }) => void } = {},
) {
  const poll = async () => {
    const job = (await app.inject({ method: 'GET', url: `/api/export-jobs/${jobId}`, headers: { cookie } })).json();
    options.onPoll?.(job);
    return job;
  };
  return waitWhileProgressing(`export ${jobId}`, poll, (job) => job.status !== 'pending', { idleMs: options.idleMs, intervalMs: options.intervalMs });
}
