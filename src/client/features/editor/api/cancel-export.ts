import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exportJobResponseSchema, type ExportJobResponse } from '@shared/schemas/export';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { exportJobQueryKey } from './export-job';

/** POST /api/export-jobs/{jobId}/cancel: stops the render (409 once it has finished). Exports cost nothing, so nothing is refunded. */
async function cancelExport(jobId: string): Promise<ExportJobResponse> {
  const response = await apiRequest('POST', `/api/export-jobs/${encodeURIComponent(jobId)}/cancel`);
  return exportJobResponseSchema.parse(await response.json());
}

export function useCancelExport(mutationConfig: MutationConfig<typeof cancelExport> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: cancelExport,
    onSuccess: async (job, jobId, ...args) => {
      queryClient.setQueryData(exportJobQueryKey(jobId), job);
      await onSuccess?.(job, jobId, ...args);
    },
  });
}
