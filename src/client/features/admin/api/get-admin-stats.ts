import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminStatsSchema, type AdminStats } from '@shared/schemas/admin';
import { getQueryFn } from '@/lib/api';

export const adminStatsQueryKey = ['/api/admin/stats'] as const;

const readStats = getQueryFn({ on401: 'throw' });

async function getAdminStats(context: Parameters<typeof readStats>[0]): Promise<AdminStats> {
  return adminStatsSchema.parse(await readStats(context));
}

function adminStatsQueryOptions() {
  return queryOptions({ queryKey: adminStatsQueryKey, queryFn: getAdminStats });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
