import { deleteExpiredResetTokens } from './auth/reset-tokens-repository.ts';
import { deleteExpiredSessions } from './auth/sessions-repository.ts';
import type { Db } from './db/database.ts';
import type { Logger } from './logger.ts';
import { sweepAbandonedUploads } from './media/uploads-sweep.ts';
import type { Storage } from './providers/storage/storage.ts';

const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Removes what has expired: abandoned uploads (files and rows), sessions and password-reset tokens. Each
 * step only deletes what stays dead, so any number of API processes may run it at once.
 */
export async function runHousekeeping(db: Db, storage: Storage, now: Date, logger: Logger): Promise<void> {
  const uploads = await sweepAbandonedUploads(db, storage, now);
  await deleteExpiredSessions(db, now);
  await deleteExpiredResetTokens(db, now);
  if (uploads > 0) logger.info({ uploads }, 'removed abandoned uploads');
}

/** Runs housekeeping now and every 10 minutes until stopped; a failed run is logged and the next one tries again. */
export function startHousekeeping(db: Db, storage: Storage, logger: Logger): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = runHousekeeping(db, storage, new Date(), logger).catch((error: unknown) => {
      logger.error({ err: error }, 'housekeeping failed');
    });
  };
  tick();
  const timer = setInterval(tick, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
