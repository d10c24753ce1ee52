import { queryOptions, useQuery } from '@tanstack/react-query';
import { mediaListResponseSchema, type MediaAsset } from '@shared/schemas/media';
import { apiRequest } from '@/lib/api';
import { isMaking, MEDIA_POLL_MS } from '../lib/add-shot';

/** The project's media list in the cache: a clip added to the project (a shot, an upload, an extension) invalidates it. */
export const projectMediaKey = (projectId: string) => ['/api/projects', projectId, 'media'] as const;

/**
 * The project's media assets (GET /api/projects/{id}/media): its own clip, whose id is the project's, and every
 * clip its shots may cut. Read again every few seconds while one of them is being made, so a generating shot or a
 * processing upload turns ready on screen; the editor's player and the Add shot dialog share it.
 */
export function useProjectMedia(projectId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: projectMediaKey(projectId),
      queryFn: async (): Promise<MediaAsset[]> => {
        const response = await apiRequest('GET', `/api/projects/${encodeURIComponent(projectId)}/media`);
        return mediaListResponseSchema.parse(await response.json()).media;
      },
      refetchInterval: (query) => (isMaking(query.state.data) ? MEDIA_POLL_MS : false),
      enabled,
    }),
  );
}
