import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { generateImageResponseSchema, type generateImageRequestSchema } from '@shared/schemas/ai';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';

export type GenerateImageInput = z.output<typeof generateImageRequestSchema>;

/** POST /api/generate-image -> the URL of the stored PNG (owner-only). */
export async function generateImage(data: GenerateImageInput): Promise<string> {
  const response = await apiRequest('POST', '/api/generate-image', data);
  return generateImageResponseSchema.parse(await response.json()).imageUrl;
}

export function useGenerateImage(mutationConfig: MutationConfig<typeof generateImage> = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: generateImage,
    onSettled: async (...args) => {
      // The balance is read again even after a failure: the server refunds what it charged (SPEC §7).
      await queryClient.invalidateQueries({ queryKey: ['/api/auth/me'] });
      await onSettled?.(...args);
    },
  });
}
