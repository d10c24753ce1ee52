import { Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Kysely's migrator over every migration, keeping its tables in this connection's own schema. */
export async function createMigrator(db: Db): Promise<Migrator> {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await postgresSchema(db),
  });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = await createMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/**
 * The schema this connection works in (search_path). Without it Kysely looks for its migration tables
 * in every schema, and a second app sharing the database (another schema) would be taken as migrated.
 */
async function postgresSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}
