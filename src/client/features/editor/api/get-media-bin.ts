import { queryOptions, useQuery } from '@tanstack/react-query';
import { mediaListResponseSchema, type MediaAsset } from '@shared/schemas/media';
import { apiRequest } from '@/lib/api';
import { isMaking, MEDIA_POLL_MS } from '../lib/add-shot';

/**
 * Every cache entry of a project's media list (this one and useProjectMedia's, keyed by the video as well): a
 * clip added to the project invalidates them all, so the timeline learns of it too.
 */
export const projectMediaKey = (projectId: string) => ['/api/projects', projectId, 'media'] as const;

/**
 * The project's media as the Add shot dialog shows them (GET /api/projects/{id}/media), read again every few
 * seconds while one of them is being made, so a generating shot or a processing upload turns ready on screen.
 */
export function useMediaBin(projectId: string) {
  return useQuery(
    queryOptions({
      queryKey: projectMediaKey(projectId),
      queryFn: async (): Promise<MediaAsset[]> => {
        const response = await apiRequest('GET', `/api/projects/${encodeURIComponent(projectId)}/media`);
        return mediaListResponseSchema.parse(await response.json()).media;
      },
      refetchInterval: (query) => (isMaking(query.state.data) ? MEDIA_POLL_MS : false),
      // Opening the dialog shows the bin as it is now, not as it was when last read.
      refetchOnMount: 'always',
    }),
  );
}
