import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PlansResponse, plansResponseSchema } from '@shared/schemas/billing';
import { getQueryFn } from '@/lib/api';

const plansQueryKey = ['/api/billing/plans'] as const;

const readPlans = getQueryFn({ on401: 'throw' });

async function getPlans(context: Parameters<typeof readPlans>[0]): Promise<PlansResponse> {
  return plansResponseSchema.parse(await readPlans(context));
}

function plansQueryOptions() {
  return queryOptions({ queryKey: plansQueryKey, queryFn: getPlans });
}

/** The plans and the Pro price (public: the pricing page works signed out). */
export function usePlans() {
  return useQuery(plansQueryOptions());
}
