import type { Kysely } from 'kysely';

// The asset whose clip the sequence's first shot cuts (issue 26): SPEC's video proxy and the project's thumbnail
// (the dashboard card's poster) show it. Written with the edit (editorDocumentColumns); null before the first
// edit, and for every edit saved before this one, whose first shot cut the project's own clip.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_projects').addColumn('first_media_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_projects').dropColumn('first_media_id').execute();
}
