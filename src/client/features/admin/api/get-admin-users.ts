import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserListSchema, type AdminUser } from '@shared/schemas/admin';
import { getQueryFn } from '@/lib/api';

export const adminUsersQueryKey = ['/api/admin/users'] as const;

const readUsers = getQueryFn({ on401: 'throw' });

/** Every user, newest first (the server's order), validated once per read. */
async function getAdminUsers(context: Parameters<typeof readUsers>[0]): Promise<AdminUser[]> {
  return adminUserListSchema.parse(await readUsers(context));
}

function adminUsersQueryOptions() {
  return queryOptions({ queryKey: adminUsersQueryKey, queryFn: getAdminUsers });
}

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
