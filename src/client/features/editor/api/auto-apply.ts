import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditorState } from '@shared/editor/editor-state';
import { autoApplyResponseSchema, type Suggestion } from '@shared/schemas/ai';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { currentUserQueryKey } from './get-current-user';

/** Auto-apply's request, which its preview takes too. */
export interface AutoApplyInput {
  projectId: string;
  suggestion: Suggestion;
  currentEditorState: EditorState;
}

/** POST /api/projects/{id}/auto-apply: the edit with the suggestion applied (the server saves it too). */
export async function autoApplySuggestion({ projectId, suggestion, currentEditorState }: AutoApplyInput) {
  const response = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/auto-apply`, {
    suggestion,
    currentEditorState,
  });
  return autoApplyResponseSchema.parse(await response.json());
}

export function useAutoApplySuggestion(mutationConfig: MutationConfig<typeof autoApplySuggestion> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: autoApplySuggestion,
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      // The balance drops by the credits used.
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
