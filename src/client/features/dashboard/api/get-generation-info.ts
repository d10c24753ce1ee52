import { queryOptions, useQuery } from '@tanstack/react-query';
import { generationInfoSchema, type GenerationInfo } from '@shared/schemas/project';
import { getQueryFn } from '@/lib/api';

const generationInfoQueryKey = ['/api/generation-info'] as const;

const readGenerationInfo = getQueryFn({ on401: 'throw' });

async function getGenerationInfo(context: Parameters<typeof readGenerationInfo>[0]): Promise<GenerationInfo> {
  return generationInfoSchema.parse(await readGenerationInfo(context));
}

function generationInfoQueryOptions() {
  return queryOptions({ queryKey: generationInfoQueryKey, queryFn: getGenerationInfo });
}

export function useGenerationInfo() {
  return useQuery(generationInfoQueryOptions());
}
