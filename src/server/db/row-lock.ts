import { sql } from 'kysely';
import type { Db } from './database.ts';

/** The rows transactions take turns on, each with a column the lock writes back unchanged. */
const LOCKED_COLUMN = { users: 'credits', videoProjects: 'placedShots' } as const;

/**
 * Takes the row's lock for the rest of the transaction, so two transactions that take it run one after the other:
 * a PostgreSQL row lock (a no-op update), the write lock on SQLite. False when there is no such row.
 */
export async function lockRow(trx: Db, table: keyof typeof LOCKED_COLUMN, id: string): Promise<boolean> {
  const column = sql.ref(LOCKED_COLUMN[table]);
  const result = await sql`update ${sql.table(table)} set ${column} = ${column} where id = ${id}`.execute(trx);
  return (result.numAffectedRows ?? 0n) > 0n;
}
