import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@shared/constants';
import { adminUserSchema, type AdminUser } from '@shared/schemas/admin';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { adminStatsQueryKey } from './get-admin-stats';
import { adminUsersQueryKey } from './get-admin-users';

export interface UpdateSubscriptionInput {
  userId: string;
  subscription: Subscription;
}

export async function updateSubscription({ userId, subscription }: UpdateSubscriptionInput): Promise<AdminUser> {
  const response = await apiRequest('PUT', `/api/admin/users/${encodeURIComponent(userId)}/subscription`, { subscription });
  return adminUserSchema.parse(await response.json());
}

export function useUpdateSubscription(mutationConfig: MutationConfig<typeof updateSubscription> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: updateSubscription,
    onSuccess: async (...args) => {
      const [updated] = args;
      // The changed row shows its new plan at once; the re-read below then brings in anyone else's changes.
      queryClient.setQueryData<AdminUser[]>(adminUsersQueryKey, (users) =>
        users?.map((user) => (user.id === updated.id ? updated : user)),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryKey }),
      ]);
      await onSuccess?.(...args);
    },
  });
}
