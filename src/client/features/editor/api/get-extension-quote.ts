import { queryOptions, useQuery } from '@tanstack/react-query';
import { extensionQuoteSchema, type ExtensionQuote } from '@shared/schemas/ai';
import { apiRequest } from '@/lib/api';

/**
 * What extending the project would add and cost now: Veo's own extension adds 7 s, a shot from the last
 * frame 8 s (or what is left up to 148 s), and credits follow the seconds. Keyed by the project's length,
 * so a longer video is quoted afresh.
 */
function extensionQuoteQueryOptions(projectId: string, duration: number) {
  return queryOptions({
    queryKey: ['/api/projects', projectId, 'extension-quote', duration] as const,
    queryFn: async (): Promise<ExtensionQuote> => {
      const response = await apiRequest('GET', `/api/projects/${encodeURIComponent(projectId)}/extension-quote`);
      return extensionQuoteSchema.parse(await response.json());
    },
  });
}

export function useExtensionQuote(projectId: string, duration: number, enabled: boolean) {
  return useQuery({ ...extensionQuoteQueryOptions(projectId, duration), enabled });
}
