import type { Kysely } from 'kysely';

// Voice-overs and captions (issue 27). A voice-over is a media asset (origin 'voice'); `words` holds its timed
// words as JSON [{text, start, end}] in seconds into its file, null for every other asset. A captions job (from a
// voice-over, a script or a transcription of the sequence's sound) is one caption_jobs row: its state, the plain
// sentence of a failure, the words it found on the output timeline, and the credits it took (a transcription's).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_assets').addColumn('words', 'text').execute();
  // The voice a voice-over is spoken with (`engine:name`), read by its job; null for other assets.
  await db.schema.alterTable('media_assets').addColumn('voice_id', 'text').execute();
  await db.schema
    .createTable('caption_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('video_projects.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('script', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('message', 'text')
    .addColumn('words', 'text')
    .addColumn('charged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('caption_jobs_user_status_idx').on('caption_jobs').columns(['user_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('caption_jobs').execute();
  await db.schema.alterTable('media_assets').dropColumn('voice_id').execute();
  await db.schema.alterTable('media_assets').dropColumn('words').execute();
}
