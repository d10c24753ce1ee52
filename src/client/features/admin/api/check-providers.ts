import { useMutation, useQueryClient } from '@tanstack/react-query';
import { providerCatalogSchema, type ProviderCatalog } from '@shared/schemas/admin';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { providerCatalogQueryKey } from './get-provider-catalog';

export async function checkProviders(): Promise<ProviderCatalog> {
  const response = await apiRequest('POST', '/api/admin/providers/check');
  return providerCatalogSchema.parse(await response.json());
}

/** The answer is the fresh catalog, so it replaces the cached one without another read. */
export function useCheckProviders(mutationConfig: MutationConfig<typeof checkProviders> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: checkProviders,
    onSuccess: async (...args) => {
      queryClient.setQueryData(providerCatalogQueryKey, args[0]);
      await onSuccess?.(...args);
    },
  });
}
