import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mediaResponseSchema, type GenerateMediaRequest, type MediaAsset } from '@shared/schemas/media';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { currentUserQueryKey } from './get-current-user';
import { projectMediaKey } from './get-project-media';

interface GenerateShotInput {
  projectId: string;
  request: GenerateMediaRequest;
}

/**
 * POST /api/projects/{id}/media/generate: a shot from a prompt, charged at once (refunded if it fails), answered
 * while it is still generating. The balance and the media list are read again whatever the answer.
 */
export function useGenerateShot(mutationConfig: MutationConfig<(input: GenerateShotInput) => Promise<MediaAsset>> = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: async ({ projectId, request }: GenerateShotInput): Promise<MediaAsset> => {
      const response = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/media/generate`, request);
      return mediaResponseSchema.parse(await response.json()).media;
    },
    onSettled: async (media, error, input, ...args) => {
      await onSettled?.(media, error, input, ...args);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: projectMediaKey(input.projectId) }),
      ]);
    },
  });
}
