import { queryOptions, useQuery } from '@tanstack/react-query';
import { exampleListResponseSchema, type ExampleVideo } from '@shared/examples';
import { getQueryFn } from '@/lib/api';

const examplesQueryKey = ['/api/examples'] as const;

const readExamples = getQueryFn({ on401: 'throw' });

async function getExamples(context: Parameters<typeof readExamples>[0]): Promise<ExampleVideo[]> {
  return exampleListResponseSchema.parse(await readExamples(context));
}

function examplesQueryOptions() {
  return queryOptions({ queryKey: examplesQueryKey, queryFn: getExamples });
}

export function useExamples() {
  return useQuery(examplesQueryOptions());
}
