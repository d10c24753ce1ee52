import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@shared/schemas/auth';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';

export async function resetPassword(data: ResetPasswordRequest): Promise<void> {
  await apiRequest('POST', '/api/auth/reset-password', data);
}

export function useResetPassword(mutationConfig: MutationConfig<typeof resetPassword> = {}) {
  return useMutation({ ...mutationConfig, mutationFn: resetPassword });
}
