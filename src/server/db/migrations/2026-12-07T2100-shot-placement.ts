import type { Kysely } from 'kysely';

// A shot asked to join the sequence when it is ready (issue 42.9): the request is kept on its asset, so it holds
// across a restart and whatever the client does meanwhile; the job that makes the asset ready appends the shot to
// the saved edit. `placed_shots` counts the shots the server has appended to a project's edit, and each placed
// asset records its number, so a save from a client that has not seen a placement yet keeps that shot.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_assets').addColumn('sequence_request', 'text').execute();
  await db.schema.alterTable('media_assets').addColumn('placed_number', 'integer').execute();
  await db.schema.alterTable('video_projects').addColumn('placed_shots', 'integer', (column) => column.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_projects').dropColumn('placed_shots').execute();
  await db.schema.alterTable('media_assets').dropColumn('placed_number').execute();
  await db.schema.alterTable('media_assets').dropColumn('sequence_request').execute();
}
