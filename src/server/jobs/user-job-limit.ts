import type { Db } from '../db/database.ts';

/**
 * Takes the user's row lock for the rest of the transaction, so two requests of one user that start jobs run
 * one after the other: a PostgreSQL row lock (a no-op update), the write lock on SQLite.
 */
export async function lockUserJobs(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ credits: eb.ref('credits') }))
    .where('id', '=', userId)
    .execute();
}
