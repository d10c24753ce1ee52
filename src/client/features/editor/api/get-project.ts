import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectSchema, type Project } from '@shared/schemas/project';
import { getQueryFn } from '@/lib/api';

export function projectQueryKey(id: string) {
  return ['/api/projects', id] as const;
}

const readProject = getQueryFn({ on401: 'throw' });

async function getProject(context: Parameters<typeof readProject>[0]): Promise<Project> {
  return projectSchema.parse(await readProject(context));
}

/** While a video is being generated or extended the editor waits for it: the project is read every 5 s, and only then. */
const GENERATING_PROJECT_REFETCH_MS = 5000;

function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: projectQueryKey(id),
    queryFn: getProject,
    refetchInterval: (query) => (query.state.data?.status === 'generating' ? GENERATING_PROJECT_REFETCH_MS : false),
  });
}

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
