import { useMutation } from '@tanstack/react-query';
import { inspirePromptResponseSchema } from '@shared/schemas/ai';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';

/** POST /api/inspire-prompt: a ready-to-use video prompt. */
export async function inspirePrompt(): Promise<string> {
  const response = await apiRequest('POST', '/api/inspire-prompt');
  return inspirePromptResponseSchema.parse(await response.json()).prompt;
}

export function useInspirePrompt(mutationConfig: MutationConfig<typeof inspirePrompt> = {}) {
  return useMutation({ ...mutationConfig, mutationFn: inspirePrompt });
}
