import type { Db } from '../db/database.ts';

/** The library's tracks and the user's own, library first, each group by title; optionally one genre. */
export function listMusicTracks(db: Db, userId: string, genre?: string) {
  let query = db
    .selectFrom('musicTracks')
    .selectAll()
    .where((eb) => eb.or([eb('userId', 'is', null), eb('userId', '=', userId)]));
  if (genre) query = query.where('genre', '=', genre);
  return query.orderBy('isCustom').orderBy('title').orderBy('id').execute();
}

/** A track the user may play: the library's, or their own; another user's is treated as missing. */
export function findPlayableTrack(db: Db, userId: string, id: string) {
  return db
    .selectFrom('musicTracks')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('userId', 'is', null), eb('userId', '=', userId)]))
    .executeTakeFirst();
}
