import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectListResponseSchema, type ProjectSummary } from '@shared/schemas/project';
import { getQueryFn } from '@/lib/api';

export const projectsQueryKey = ['/api/projects'] as const;

/**
 * SPEC §4 and §9: the list is re-read every 30 s while any project is generating (a shot of its sequence
 * included), and never otherwise.
 */
export const GENERATING_REFETCH_MS = 30_000;
/** An upload takes seconds to process, not minutes: its card is refreshed sooner. */
export const PROCESSING_UPLOAD_REFETCH_MS = 3000;

export function projectsRefetchInterval(projects: ProjectSummary[] | undefined): number | false {
  const generating = projects?.filter((project) => project.status === 'generating') ?? [];
  if (generating.some((project) => project.source === 'upload')) return PROCESSING_UPLOAD_REFETCH_MS;
  return generating.length > 0 || projects?.some((project) => project.generatingShots > 0) ? GENERATING_REFETCH_MS : false;
}

const readProjects = getQueryFn({ on401: 'throw' });

async function getProjects(context: Parameters<typeof readProjects>[0]): Promise<ProjectSummary[]> {
  return projectListResponseSchema.parse(await readProjects(context));
}

function projectsQueryOptions() {
  return queryOptions({
    queryKey: projectsQueryKey,
    queryFn: getProjects,
    refetchInterval: (query) => projectsRefetchInterval(query.state.data),
  });
}

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
