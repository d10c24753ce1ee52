import { useQuery } from '@tanstack/react-query';
import { currentUserResponseSchema, type CurrentUser } from '@shared/schemas/user';
import { getQueryFn } from '@/lib/api';

/** The signed-in user's cache entry (SPEC §7's me call), which every credit-spending call refreshes. */
export const currentUserQueryKey = ['/api/auth/me'] as const;

const readMe = getQueryFn({ on401: 'returnNull' });

/**
 * The plan and balance the AI tools show. The editor page has already loaded this entry, so this
 * reads the cache and follows every refresh of it.
 */
export function useCurrentUser(): CurrentUser | null {
  const me = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: async (context) => {
      const body = await readMe(context);
      return body === null ? null : currentUserResponseSchema.parse(body);
    },
  });
  return me.data?.user ?? null;
}
