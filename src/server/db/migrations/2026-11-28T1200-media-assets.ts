import { type Kysely, sql } from 'kysely';

// A project owns media (issue 26): every clip it holds is one row. The project's own clip (generated or
// uploaded with it) is the asset whose id is the project's id, kept in step with the project's columns by
// the projects repository; every existing project's clip becomes that first asset here. The free plan's
// copy is named after the master (decision 007), so it needs no column. Width, height, frame rate and sound
// are null until a job that has the file probes it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_assets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('video_projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('generating'))
    .addColumn('error_message', 'text')
    .addColumn('file_key', 'text')
    .addColumn('poster_key', 'text')
    .addColumn('duration', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('fps', 'real')
    .addColumn('has_audio', 'integer')
    .addColumn('prompt', 'text')
    .addColumn('continue_from', 'text')
    .addColumn('charged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_assets_project_idx').on('media_assets').columns(['project_id', 'created_at']).execute();
  // An upload being processed into an asset (POST /api/projects/:id/media/complete-upload) names it.
  await db.schema.alterTable('uploads').addColumn('media_id', 'text').execute();
  await sql`
    insert into media_assets (id, project_id, user_id, kind, origin, status, error_message, file_key, poster_key, duration, prompt, created_at, updated_at)
    select id, id, user_id, 'video',
      case when source = 'upload' then 'uploaded' else 'generated' end,
      case when video_key is not null then 'ready' when status = 'error' then 'error' else 'generating' end,
      case when video_key is null then error_message end,
      video_key, thumbnail_key, duration,
      case when source = 'upload' then null else prompt end,
      created_at, updated_at
    from video_projects
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('media_id').execute();
  await db.schema.dropTable('media_assets').execute();
}
