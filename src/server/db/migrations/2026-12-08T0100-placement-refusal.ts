import type { Kysely } from 'kysely';

// Why a clip asked to join the sequence was left out of it when it became ready (issue 42: the sequence would pass
// 10 minutes with it, or is full), shown on the clip in the media bin. Null for every other asset.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_assets').addColumn('not_placed_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_assets').dropColumn('not_placed_reason').execute();
}
