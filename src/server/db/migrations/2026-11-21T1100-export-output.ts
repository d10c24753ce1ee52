import type { Kysely } from 'kysely';

// Where an export's file is stored; the API hands out a download URL, never the key.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('export_jobs').addColumn('output_key', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('export_jobs').dropColumn('output_key').execute();
}
