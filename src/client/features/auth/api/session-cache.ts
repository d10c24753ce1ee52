import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from './get-me';

/** After a sign-in the current user and their projects are read again (SPEC §7). */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: meQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['/api/projects'] }),
  ]);
}
