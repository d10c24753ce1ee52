import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';

const checkoutSessionResponseSchema = z.object({ url: z.url() });

export async function createCheckoutSession(): Promise<string> {
  const response = await apiRequest('POST', '/api/create-checkout-session');
  return checkoutSessionResponseSchema.parse(await response.json()).url;
}

export function useCreateCheckoutSession(mutationConfig: MutationConfig<typeof createCheckoutSession> = {}) {
  return useMutation({ ...mutationConfig, mutationFn: createCheckoutSession });
}
