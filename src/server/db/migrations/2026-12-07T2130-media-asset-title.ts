import type { Kysely } from 'kysely';

// An uploaded clip's name in the media bin (issue 42.17): its file's name as the creator's browser gave it, checked
// and cut by the request's schema. Null for every asset made before this and for generated ones (named by prompt).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_assets').addColumn('title', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_assets').dropColumn('title').execute();
}
