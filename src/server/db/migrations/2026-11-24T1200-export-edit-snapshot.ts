import type { Kysely } from 'kysely';

// The saved edit as it was when Export was pressed (the stored document, copied as is): an export renders
// that, not whatever the creator edited while it waited in the queue (issue 17). Exports queued before this
// have none and render the project's current edit, as they did.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('export_jobs').addColumn('editor_state', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('export_jobs').dropColumn('editor_state').execute();
}
