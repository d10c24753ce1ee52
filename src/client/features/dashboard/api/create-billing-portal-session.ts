import { useMutation } from '@tanstack/react-query';
import { checkoutSessionResponseSchema } from '@shared/schemas/admin';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';

/**
 * The address of Stripe's billing portal for the signed-in user. The server answers 400 for an account
 * with no Stripe subscription (a plan set by an admin) and 503 when payments are not configured.
 */
export async function createBillingPortalSession(): Promise<string> {
  const response = await apiRequest('POST', '/api/billing-portal');
  return checkoutSessionResponseSchema.parse(await response.json()).url;
}

export function useCreateBillingPortalSession(mutationConfig: MutationConfig<typeof createBillingPortalSession> = {}) {
  return useMutation({ ...mutationConfig, mutationFn: createBillingPortalSession });
}
