import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api';

/** Where a caption job takes its words from (POST /api/projects/{id}/captions). */
export type CaptionSource = { source: 'voice'; mediaId: string } | { source: 'script'; script: string } | { source: 'transcribe' };

const startedSchema = z.object({ jobId: z.string() });
const captionJobSchema = z.object({
  status: z.enum(['queued', 'running', 'done', 'error']),
  message: z.string().optional(),
  /** Seconds on the output timeline. */
  words: z.array(z.object({ text: z.string(), start: z.number(), end: z.number() })).optional(),
});
export type CaptionJob = z.infer<typeof captionJobSchema>;

/** How often a running caption job is asked about. */
const CAPTION_JOB_POLL_MS = 1000;

export function useStartCaptions() {
  return useMutation({
    mutationFn: async ({ projectId, request }: { projectId: string; request: CaptionSource }): Promise<string> => {
      const response = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/captions`, request);
      return startedSchema.parse(await response.json()).jobId;
    },
  });
}

/** GET /api/caption-jobs/{id}, asked again every second until the job is done or has failed. */
export function useCaptionJob(jobId: string | null) {
  return useQuery({
    queryKey: ['caption-job', jobId],
    enabled: jobId !== null,
    queryFn: async (): Promise<CaptionJob> => {
      const response = await apiRequest('GET', `/api/caption-jobs/${encodeURIComponent(jobId ?? '')}`);
      return captionJobSchema.parse(await response.json());
    },
    refetchInterval: (query) => (query.state.data?.status === 'done' || query.state.data?.status === 'error' ? false : CAPTION_JOB_POLL_MS),
  });
}
