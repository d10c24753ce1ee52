import { useMutation } from '@tanstack/react-query';
import { suggestionsResponseSchema, type Suggestion, type VideoContext } from '@shared/schemas/ai';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';

/** POST /api/suggest-improvements: 3–5 suggestions for the video as it is now. */
export async function suggestImprovements(videoContext: VideoContext): Promise<Suggestion[]> {
  const response = await apiRequest('POST', '/api/suggest-improvements', { videoContext });
  return suggestionsResponseSchema.parse(await response.json()).suggestions;
}

export function useSuggestImprovements(mutationConfig: MutationConfig<typeof suggestImprovements> = {}) {
  return useMutation({ ...mutationConfig, mutationFn: suggestImprovements });
}
