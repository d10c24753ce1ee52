import type { Kysely } from 'kysely';

// What an upload ticket is for: a project's video, or a user's own music track (issue 16). A ticket of one
// kind never completes the other; tickets issued before this are video tickets.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('kind', 'text', (column) => column.notNull().defaultTo('video')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('kind').execute();
}
