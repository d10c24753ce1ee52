import { queryOptions, useQuery } from '@tanstack/react-query';
import { mediaListResponseSchema, type MediaAsset } from '@shared/schemas/media';
import { apiRequest } from '@/lib/api';

/**
 * The project's media assets (GET /api/projects/{id}/media): its own clip, whose id is the project's, and its
 * shots' clips. Keyed by the project's video too: a finished extension (a new video) reads them afresh.
 */
export function useProjectMedia(projectId: string, videoUrl: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['/api/projects', projectId, 'media', videoUrl] as const,
      queryFn: async (): Promise<MediaAsset[]> => {
        const response = await apiRequest('GET', `/api/projects/${encodeURIComponent(projectId)}/media`);
        return mediaListResponseSchema.parse(await response.json()).media;
      },
      enabled: videoUrl !== null,
    }),
  );
}
