import { useMutation } from '@tanstack/react-query';
import { checkoutSessionResponseSchema } from '@shared/schemas/admin';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';

/** The address of a Stripe Checkout page for the Pro plan; 503 when payments are not configured. */
export async function createCheckoutSession(): Promise<string> {
  const response = await apiRequest('POST', '/api/create-checkout-session');
  return checkoutSessionResponseSchema.parse(await response.json()).url;
}

export function useCreateCheckoutSession(mutationConfig: MutationConfig<typeof createCheckoutSession> = {}) {
  return useMutation({ ...mutationConfig, mutationFn: createCheckoutSession });
}
