import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mediaResponseSchema, type MediaAsset } from '@shared/schemas/media';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { projectMediaKey } from './get-project-media';

interface ImportClipInput {
  projectId: string;
  mediaId: string;
}

/** POST /api/projects/{id}/media/import: a copy of a clip from another of the creator's projects, ready at once. */
export function useImportClip(mutationConfig: MutationConfig<(input: ImportClipInput) => Promise<MediaAsset>> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: async ({ projectId, mediaId }: ImportClipInput): Promise<MediaAsset> => {
      const response = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/media/import`, { mediaId });
      return mediaResponseSchema.parse(await response.json()).media;
    },
    onSuccess: async (media, input, ...args) => {
      // The timeline must know the new asset before its shot is drawn.
      await queryClient.invalidateQueries({ queryKey: projectMediaKey(input.projectId) });
      await onSuccess?.(media, input, ...args);
    },
  });
}
