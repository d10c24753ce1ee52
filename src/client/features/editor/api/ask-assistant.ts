import { useMutation } from '@tanstack/react-query';
import { assistantResponseSchema, type VideoContext } from '@shared/schemas/ai';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';

/** POST /api/ai-assistant: one question about this video, one answer. */
export async function askAssistant(data: { message: string; videoContext: VideoContext }): Promise<string> {
  const response = await apiRequest('POST', '/api/ai-assistant', data);
  return assistantResponseSchema.parse(await response.json()).response;
}

export function useAskAssistant(mutationConfig: MutationConfig<typeof askAssistant> = {}) {
  return useMutation({ ...mutationConfig, mutationFn: askAssistant });
}
