import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { meQueryKey } from './get-me';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

export function useLogout(mutationConfig: MutationConfig<typeof logout> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: logout,
    onSuccess: async (...args) => {
      // Dropped rather than only marked stale, so whoever signs in next never sees them.
      queryClient.removeQueries({ queryKey: ['/api/projects'] });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      await onSuccess?.(...args);
    },
  });
}
