import type { Kysely } from 'kysely';

// The project an upload is being processed into: the upload job reads the stored file through it, and the
// uploads sweep keeps a file while its project is still being processed. Null until complete-upload accepts it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('project_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('project_id').execute();
}
