import type { Kysely } from 'kysely';

// The user a job works for, so the database queue can take turns between users within a job kind; null for
// jobs queued before this migration or for no user in particular. The indexes serve each claim's lookups: the
// waiting jobs of a kind, and what the users among them have running or had run.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('user_id', 'text').execute();
  await db.schema.createIndex('jobs_name_status_idx').on('jobs').columns(['name', 'status', 'run_at']).execute();
  await db.schema.createIndex('jobs_user_name_idx').on('jobs').columns(['user_id', 'name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_user_name_idx').execute();
  await db.schema.dropIndex('jobs_name_status_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('user_id').execute();
}
