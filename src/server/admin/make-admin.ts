import { setAdminFlag } from '../auth/users-repository.ts';
import type { Config } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * Makes an existing user an admin. Opens its own connection, so it works beside a running server on
 * the same DATA_DIR (SQLite in WAL mode) or DATABASE_URL.
 */
export async function makeAdmin(config: Pick<Config, 'database'>, username: string): Promise<{ ok: boolean; message: string }> {
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    return (await setAdminFlag(db, username, true))
      ? { ok: true, message: `${username} is now an admin.` }
      : { ok: false, message: `No user named "${username}". Sign up first, then run this again.` };
  } finally {
    await db.destroy();
  }
}
