import { queryOptions, useQuery } from '@tanstack/react-query';
import { musicTrackListSchema, type MusicTrack } from '@shared/schemas/music';
import { apiRequest } from '@/lib/api';

/** The cache key of the track list: the music browser refreshes it after an upload or a delete. */
export const MUSIC_TRACKS_QUERY_KEY = ['/api/music-tracks'] as const;

const LIBRARY_PREPARING_POLL_MS = 5000;
/** An upload's job takes seconds, not minutes: how often the list is read while one runs. */
export const UPLOAD_PROCESSING_POLL_MS = 1500;

/** GET /api/music-tracks: the built-in library, then the user's own uploads. */
export function musicTracksQueryOptions() {
  return queryOptions({
    queryKey: MUSIC_TRACKS_QUERY_KEY,
    queryFn: async (): Promise<MusicTrack[]> => {
      const response = await apiRequest('GET', '/api/music-tracks');
      return musicTrackListSchema.parse(await response.json()).tracks;
    },
    staleTime: 60_000,
    // Tracks are listed while they are still being made (the library's on a first start, an upload's by its job):
    // look again until all are ready.
    refetchInterval: (query) =>
      query.state.data?.some((track) => track.processing)
        ? UPLOAD_PROCESSING_POLL_MS
        : query.state.data?.some((track) => track.preparing)
          ? LIBRARY_PREPARING_POLL_MS
          : false,
  });
}

export function useMusicTracks() {
  return useQuery(musicTracksQueryOptions());
}

/** The track the edit's music lane uses, once the list is loaded; undefined while loading or if it is gone. */
export function useMusicTrack(trackId: string | undefined): { track: MusicTrack | undefined; isLoading: boolean; isError: boolean } {
  const { data, isLoading, isError } = useMusicTracks();
  return { track: trackId ? data?.find((track) => track.id === trackId) : undefined, isLoading, isError };
}
