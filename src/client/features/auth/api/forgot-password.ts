import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest } from '@shared/schemas/auth';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';

export async function requestPasswordReset(data: ForgotPasswordRequest): Promise<void> {
  await apiRequest('POST', '/api/auth/forgot-password', data);
}

export function useForgotPassword(mutationConfig: MutationConfig<typeof requestPasswordReset> = {}) {
  return useMutation({ ...mutationConfig, mutationFn: requestPasswordReset });
}
