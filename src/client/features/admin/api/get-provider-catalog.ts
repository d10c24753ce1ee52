import { queryOptions, useQuery } from '@tanstack/react-query';
import { providerCatalogSchema, type ProviderCatalog } from '@shared/schemas/admin';
import { getQueryFn } from '@/lib/api';

export const providerCatalogQueryKey = ['/api/admin/providers'] as const;

/** The server checks on its own schedule; re-reading its last result this often keeps the panel current. */
const PROVIDER_CATALOG_REFETCH_MS = 60_000;

const readCatalog = getQueryFn({ on401: 'throw' });

async function getProviderCatalog(context: Parameters<typeof readCatalog>[0]): Promise<ProviderCatalog> {
  return providerCatalogSchema.parse(await readCatalog(context));
}

function providerCatalogQueryOptions() {
  return queryOptions({ queryKey: providerCatalogQueryKey, queryFn: getProviderCatalog, refetchInterval: PROVIDER_CATALOG_REFETCH_MS });
}

export function useProviderCatalog() {
  return useQuery(providerCatalogQueryOptions());
}
