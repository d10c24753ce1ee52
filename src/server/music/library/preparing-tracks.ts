import type { MusicTrack } from '../../../shared/schemas/music.ts';
import { musicTrackUrl } from '../music-keys.ts';
import { LIBRARY_ARTIST } from './add-library-track.ts';
import { loopLengthOf } from './render-track.ts';
import { SAMPLE_RATE } from './synth-voices.ts';
import type { TrackDefinition } from './track-definition.ts';

const byTitle = (a: MusicTrack, b: MusicTrack) => (a.title === b.title ? (a.id < b.id ? -1 : 1) : a.title < b.title ? -1 : 1);

/**
 * The track list with the library's tracks not rendered yet listed too, marked `preparing` (issue 25.8): on
 * a first start the library's renders take minutes, and a new user who opens the Music panel meanwhile sees
 * what is coming instead of an empty list. Only for a server whose start-up queues those renders. The library
 * stays first and by title, as the database lists it, the user's own tracks after it.
 */
export function withPreparingLibraryTracks(
  tracks: MusicTrack[],
  definitions: readonly TrackDefinition[],
  genre: string | undefined,
  now: Date,
): MusicTrack[] {
  const listed = new Set(tracks.map((track) => track.id));
  const preparing = definitions.filter((definition) => !listed.has(definition.id) && (genre === undefined || definition.genre === genre)).map(
    (definition): MusicTrack => ({
      id: definition.id,
      userId: null,
      title: definition.title,
      artist: LIBRARY_ARTIST,
      url: musicTrackUrl(definition.id),
      duration: loopLengthOf(definition) / SAMPLE_RATE,
      genre: definition.genre,
      isCustom: 0,
      createdAt: now.toISOString(),
      preparing: true,
    }),
  );
  if (preparing.length === 0) return tracks;
  const library = [...tracks.filter((track) => track.isCustom === 0), ...preparing].sort(byTitle);
  return [...library, ...tracks.filter((track) => track.isCustom === 1)];
}
