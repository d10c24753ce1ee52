import { useMutation } from '@tanstack/react-query';
import { autoApplyPreviewResponseSchema } from '@shared/schemas/ai';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import type { AutoApplyInput } from './auto-apply';

/** POST /api/projects/{id}/auto-apply/preview: the edit auto-apply would make and what keeping it costs; nothing saved or charged. */
export async function previewAutoApply({ projectId, suggestion, currentEditorState }: AutoApplyInput) {
  const response = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/auto-apply/preview`, {
    suggestion,
    currentEditorState,
  });
  return autoApplyPreviewResponseSchema.parse(await response.json());
}

export function usePreviewAutoApply(mutationConfig: MutationConfig<typeof previewAutoApply> = {}) {
  return useMutation({ ...mutationConfig, mutationFn: previewAutoApply });
}
