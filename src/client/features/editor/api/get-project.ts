import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectSchema, type Project } from '@shared/schemas/project';
import { getQueryFn } from '@/lib/api';

export function projectQueryKey(id: string) {
  return ['/api/projects', id] as const;
}

const readProject = getQueryFn({ on401: 'throw' });

export async function getProject(context: Parameters<typeof readProject>[0]): Promise<Project> {
  return projectSchema.parse(await readProject(context));
}

export function projectQueryOptions(id: string) {
  return queryOptions({ queryKey: projectQueryKey(id), queryFn: getProject });
}

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
