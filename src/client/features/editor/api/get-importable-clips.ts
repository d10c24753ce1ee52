import { queryOptions, useQuery } from '@tanstack/react-query';
import { importableMediaResponseSchema, type ImportableClip } from '@shared/schemas/media';
import { apiRequest } from '@/lib/api';

/**
 * The creator's ready videos in their other projects, newest first (GET /api/projects/{id}/media/importable).
 * Read when the Other projects tab opens: `enabled` waits for it.
 */
export function useImportableClips(projectId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['/api/projects', projectId, 'media', 'importable'] as const,
      queryFn: async (): Promise<ImportableClip[]> => {
        const response = await apiRequest('GET', `/api/projects/${encodeURIComponent(projectId)}/media/importable`);
        return importableMediaResponseSchema.parse(await response.json()).clips;
      },
      enabled,
      refetchOnMount: 'always',
    }),
  );
}
