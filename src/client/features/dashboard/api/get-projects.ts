import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectListResponseSchema, type ProjectSummary } from '@shared/schemas/project';
import { getQueryFn } from '@/lib/api';

export const projectsQueryKey = ['/api/projects'] as const;

const readProjects = getQueryFn({ on401: 'throw' });

export async function getProjects(context: Parameters<typeof readProjects>[0]): Promise<ProjectSummary[]> {
  return projectListResponseSchema.parse(await readProjects(context));
}

export function projectsQueryOptions() {
  return queryOptions({ queryKey: projectsQueryKey, queryFn: getProjects });
}

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
