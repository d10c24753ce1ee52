import { storageKey } from '../providers/storage/storage.ts';

/** Where a music track's AAC file is stored: the built-in library under music/library, a user's own under music/<user>. */
export function musicTrackKey(track: { id: string; userId: string | null }): string {
  return track.userId === null ? storageKey('music', 'library', `${track.id}.m4a`) : storageKey('music', track.userId, `${track.id}.m4a`);
}

/** The address a track's audio is streamed from (MusicTrack.url). */
export function musicTrackUrl(id: string): string {
  return `/api/music-tracks/${encodeURIComponent(id)}/audio`;
}
