import type { Kysely } from 'kysely';

// A user's own track is normalised by a job (decision 035): its row exists from complete-upload on, 'processing'
// until the job stores the file ('ready') or refuses it ('failed', with the sentence its owner reads). Library
// tracks and tracks added before this are ready. The upload being normalised names its track, so the uploads
// sweep keeps its file while the track is processing.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('music_tracks').addColumn('status', 'text', (column) => column.notNull().defaultTo('ready')).execute();
  await db.schema.alterTable('music_tracks').addColumn('error_message', 'text').execute();
  await db.schema.alterTable('uploads').addColumn('music_track_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('music_track_id').execute();
  await db.schema.alterTable('music_tracks').dropColumn('error_message').execute();
  await db.schema.alterTable('music_tracks').dropColumn('status').execute();
}
