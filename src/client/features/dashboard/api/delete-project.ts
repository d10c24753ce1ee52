import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { projectsQueryKey } from './get-projects';

export async function deleteProject(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/projects/${encodeURIComponent(id)}`);
}

export function useDeleteProject(mutationConfig: MutationConfig<typeof deleteProject> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: deleteProject,
    onSuccess: async (...args) => {
      // Deleting a project that was still generating may refund its credits, so the balance is read again too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/auth/me'] }),
      ]);
      await onSuccess?.(...args);
    },
  });
}
