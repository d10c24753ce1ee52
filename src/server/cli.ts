import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { setAdminFlag } from './auth/users-repository.ts';

const usage = 'Usage: npm run make-admin -- <username>';

/** Operator commands that work beside a running server (same DATA_DIR / DATABASE_URL). */
async function main(argv: string[]): Promise<number> {
  const [command, username] = argv;
  if (command !== 'make-admin' || !username) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig(process.env);
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    if (!(await setAdminFlag(db, username, true))) {
      console.error(`No user named "${username}". Sign up first, then run this again.`);
      return 1;
    }
    console.log(`${username} is now an admin.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
