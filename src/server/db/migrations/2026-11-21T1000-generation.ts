import type { Kysely } from 'kysely';

// Storage keys of a project's media, the segments of a long generation (so a restarted job resumes
// where it stopped, and a Veo operation is polled again instead of paid twice), and upload tickets.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_projects').addColumn('video_key', 'text').execute();
  await db.schema.alterTable('video_projects').addColumn('thumbnail_key', 'text').execute();

  await db.schema
    .createTable('generation_segments')
    .addColumn('project_id', 'text', (c) => c.notNull().references('video_projects.id').onDelete('cascade'))
    .addColumn('segment_index', 'integer', (c) => c.notNull())
    .addColumn('operation_name', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addPrimaryKeyConstraint('generation_segments_pk', ['project_id', 'segment_index'])
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('size_bytes', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user_idx').on('uploads').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
  await db.schema.dropTable('generation_segments').execute();
  await db.schema.alterTable('video_projects').dropColumn('thumbnail_key').execute();
  await db.schema.alterTable('video_projects').dropColumn('video_key').execute();
}
