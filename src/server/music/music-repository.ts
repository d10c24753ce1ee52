import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** The library's tracks and the user's own, library first, each group by title; optionally one genre. */
export function listMusicTracks(db: Db, userId: string, genre?: string) {
  let query = db
    .selectFrom('musicTracks')
    .selectAll()
    .where((eb) => eb.or([eb('userId', 'is', null), eb('userId', '=', userId)]));
  if (genre) query = query.where('genre', '=', genre);
  return query.orderBy('isCustom').orderBy('title').orderBy('id').execute();
}

/** A track the user may play: the library's, or their own once it is ready; another user's is treated as missing. */
export function findPlayableTrack(db: Db, userId: string, id: string) {
  return db
    .selectFrom('musicTracks')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'ready')
    .where((eb) => eb.or([eb('userId', 'is', null), eb('userId', '=', userId)]))
    .executeTakeFirst();
}

export async function insertMusicTrack(db: Db, track: Insertable<Database['musicTracks']>) {
  return db.insertInto('musicTracks').values(track).returningAll().executeTakeFirstOrThrow();
}

/** The user's own track (a library track is nobody's: never found here). */
export function findOwnTrack(db: Db, userId: string, id: string) {
  return db.selectFrom('musicTracks').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

/** Deletes the user's own track's row; false when there was none. */
export async function deleteOwnTrack(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('musicTracks').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function findTrack(db: Db, id: string) {
  return db.selectFrom('musicTracks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A processing track, stored: ready, with the length of what was stored. False when it was not processing (deleted meanwhile). */
export async function markTrackReady(db: Db, id: string, duration: number): Promise<boolean> {
  const result = await db
    .updateTable('musicTracks')
    .set({ status: 'ready', duration })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A processing track refused or lost: failed, with the sentence its owner reads. */
export async function failTrack(db: Db, id: string, errorMessage: string): Promise<void> {
  await db.updateTable('musicTracks').set({ status: 'failed', errorMessage }).where('id', '=', id).where('status', '=', 'processing').execute();
}

export async function listProcessingTrackIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('musicTracks').select('id').where('status', '=', 'processing').execute();
  return rows.map((row) => row.id);
}
