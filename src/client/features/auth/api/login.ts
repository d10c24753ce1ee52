import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '@shared/schemas/auth';
import { currentUserResponseSchema, type CurrentUserResponse } from '@shared/schemas/user';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { refreshSession } from './session-cache';

export async function login(data: LoginRequest): Promise<CurrentUserResponse> {
  const response = await apiRequest('POST', '/api/auth/login', data);
  return currentUserResponseSchema.parse(await response.json());
}

export function useLogin(mutationConfig: MutationConfig<typeof login> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: login,
    onSuccess: async (...args) => {
      await refreshSession(queryClient);
      await onSuccess?.(...args);
    },
  });
}
