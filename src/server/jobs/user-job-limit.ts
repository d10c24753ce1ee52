import type { Db } from '../db/database.ts';
import { lockRow } from '../db/row-lock.ts';

/** Takes the user's row lock for the rest of the transaction, so two requests of one user that start jobs run one after the other. */
export async function lockUserJobs(trx: Db, userId: string): Promise<void> {
  await lockRow(trx, 'users', userId);
}
