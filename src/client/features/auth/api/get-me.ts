import { queryOptions, useQuery } from '@tanstack/react-query';
import { meResponseSchema, type MeResponse } from '@shared/schemas/user';
import { getQueryFn } from '@/lib/api';

export const meQueryKey = ['/api/auth/me'] as const;

const readMe = getQueryFn({ on401: 'returnNull' });

/** `user` is null when nobody is signed in; the whole answer is null when a session has just ended (401). */
async function getMe(context: Parameters<typeof readMe>[0]): Promise<MeResponse | null> {
  const body = await readMe(context);
  return body === null ? null : meResponseSchema.parse(body);
}

function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
