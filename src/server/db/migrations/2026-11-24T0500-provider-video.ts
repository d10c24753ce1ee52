import type { Kysely } from 'kysely';

// provider_video: the provider's own copy of the project's clip (JSON {uri, expiresAt}), which Veo's video
// extension can continue; null for offline clips, uploads, joined segments and once the copy has expired.
// extension_method: how the extension under way adds its seconds ('veo-extension' or 'last-frame'),
// chosen and priced when it was requested, so a job queued again at start-up does the same thing.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_projects').addColumn('provider_video', 'text').execute();
  await db.schema.alterTable('video_projects').addColumn('extension_method', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_projects').dropColumn('extension_method').execute();
  await db.schema.alterTable('video_projects').dropColumn('provider_video').execute();
}
