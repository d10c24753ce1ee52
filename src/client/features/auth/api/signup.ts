import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { signupRequestSchema } from '@shared/schemas/auth';
import { currentUserResponseSchema, type CurrentUserResponse } from '@shared/schemas/user';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { refreshSession } from './session-cache';

/** The form's values after the shared schema has run (an empty e-mail is already dropped). */
type ValidSignup = z.output<typeof signupRequestSchema>;

export async function signup(data: ValidSignup): Promise<CurrentUserResponse> {
  const response = await apiRequest('POST', '/api/auth/signup', data);
  return currentUserResponseSchema.parse(await response.json());
}

export function useSignup(mutationConfig: MutationConfig<typeof signup> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: signup,
    onSuccess: async (...args) => {
      await refreshSession(queryClient);
      await onSuccess?.(...args);
    },
  });
}
