import type { Kysely } from 'kysely';

// The extension a project is waiting for: its job id, prompt and what it cost, written in the transaction
// that charges for it, so a job lost before it reached the queue (a crash, Redis) is queued again at
// start-up with the same id and payload. Null when no extension is under way.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_projects').addColumn('extension_job_id', 'text').execute();
  await db.schema.alterTable('video_projects').addColumn('extension_prompt', 'text').execute();
  await db.schema.alterTable('video_projects').addColumn('extension_charged', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_projects').dropColumn('extension_charged').execute();
  await db.schema.alterTable('video_projects').dropColumn('extension_prompt').execute();
  await db.schema.alterTable('video_projects').dropColumn('extension_job_id').execute();
}
