import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateEmailRequest } from '@shared/schemas/auth';
import { currentUserResponseSchema, type CurrentUserResponse } from '@shared/schemas/user';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { meQueryKey } from './get-me';

/** Sets the account's e-mail; the password is asked again (decision 030). */
export async function updateEmail(data: UpdateEmailRequest): Promise<CurrentUserResponse> {
  const response = await apiRequest('PATCH', '/api/auth/me', data);
  return currentUserResponseSchema.parse(await response.json());
}

export function useUpdateEmail(mutationConfig: MutationConfig<typeof updateEmail> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: updateEmail,
    onSuccess: async (...args) => {
      // The answer is the current user as the me call gives it.
      queryClient.setQueryData(meQueryKey, args[0]);
      await onSuccess?.(...args);
    },
  });
}
