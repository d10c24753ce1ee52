import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentUserResponseSchema, type CurrentUserResponse } from '@shared/schemas/user';
import { getQueryFn } from '@/lib/api';

export const meQueryKey = ['/api/auth/me'] as const;

const readMe = getQueryFn({ on401: 'returnNull' });

/** Resolves to null when nobody is signed in. */
async function getMe(
  context: Parameters<typeof readMe>[0],
): Promise<CurrentUserResponse | null> {
  const body = await readMe(context);
  return body === null ? null : currentUserResponseSchema.parse(body);
}

function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
