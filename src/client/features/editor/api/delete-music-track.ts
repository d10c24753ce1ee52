import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { MUSIC_TRACKS_QUERY_KEY } from './get-music-tracks';

/** DELETE /api/music-tracks/{id}: one of the user's own uploads (404 "Music track not found" otherwise). */
async function deleteMusicTrack(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/music-tracks/${encodeURIComponent(id)}`);
}

export function useDeleteMusicTrack(mutationConfig: MutationConfig<typeof deleteMusicTrack> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: deleteMusicTrack,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: MUSIC_TRACKS_QUERY_KEY });
      await onSuccess?.(...args);
    },
  });
}
