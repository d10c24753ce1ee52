import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { projectSchema, type createProjectRequestSchema, type Project } from '@shared/schemas/project';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { projectsQueryKey } from './get-projects';

/** The form's values after the shared schema has run (provider, model and resolution filled in). */
export type CreateProjectInput = z.output<typeof createProjectRequestSchema>;

export async function createProject(data: CreateProjectInput): Promise<Project> {
  const response = await apiRequest('POST', '/api/projects', data);
  return projectSchema.parse(await response.json());
}

export function useCreateProject(mutationConfig: MutationConfig<typeof createProject> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: createProject,
    onSuccess: async (...args) => {
      // The new card appears and the balance drops by the cost (SPEC §7).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/auth/me'] }),
      ]);
      await onSuccess?.(...args);
    },
  });
}
