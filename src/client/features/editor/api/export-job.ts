import { queryOptions, skipToken, useQuery, type Query } from '@tanstack/react-query';
import { exportJobResponseSchema, type ExportJobResponse } from '@shared/schemas/export';
import { getQueryFn } from '@/lib/api';

/** SPEC §4 and §9: a running export is read every 2 s, until it has completed, failed or been cancelled. */
export const EXPORT_POLL_MS = 2000;

export function exportJobQueryKey(jobId: string | null) {
  return ['/api/export-jobs', jobId ?? ''] as const;
}

/** Polls while the job may still change; stops once it is finished or a read has failed. */
export function exportJobRefetchInterval(query: Pick<Query<ExportJobResponse>, 'state'>): number | false {
  if (query.state.status === 'error') return false;
  const status = query.state.data?.status;
  return status === 'completed' || status === 'failed' || status === 'cancelled' ? false : EXPORT_POLL_MS;
}

const readJob = getQueryFn({ on401: 'throw' });

function exportJobQueryOptions(jobId: string | null) {
  return queryOptions({
    queryKey: exportJobQueryKey(jobId),
    queryFn: jobId === null ? skipToken : async (context) => exportJobResponseSchema.parse(await readJob(context)),
    refetchInterval: exportJobRefetchInterval,
  });
}

/** GET /api/export-jobs/{jobId} for the job the editor started, if any. */
export function useExportJob(jobId: string | null) {
  return useQuery(exportJobQueryOptions(jobId));
}
