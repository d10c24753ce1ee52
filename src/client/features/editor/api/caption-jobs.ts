import { useMutation, useQuery } from '@tanstack/react-query';
import { captionJobCreatedSchema, captionJobResponseSchema, type CaptionJobResponse, type CaptionsRequest } from '@shared/schemas/speech';
import { apiRequest } from '@/lib/api';

/** How often a running caption job is asked about. */
const CAPTION_JOB_POLL_MS = 1000;

/** POST /api/projects/{id}/captions: words from a voice-over on the voice lane, a script, or a transcription. */
export function useStartCaptions() {
  return useMutation({
    mutationFn: async ({ projectId, request }: { projectId: string; request: CaptionsRequest }): Promise<string> => {
      const response = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/captions`, request);
      return captionJobCreatedSchema.parse(await response.json()).jobId;
    },
  });
}

/** GET /api/caption-jobs/{id}, asked again every second until the job is done or has failed. */
export function useCaptionJob(jobId: string | null) {
  return useQuery({
    queryKey: ['caption-job', jobId],
    enabled: jobId !== null,
    queryFn: async (): Promise<CaptionJobResponse> => {
      const response = await apiRequest('GET', `/api/caption-jobs/${encodeURIComponent(jobId ?? '')}`);
      return captionJobResponseSchema.parse(await response.json());
    },
    refetchInterval: (query) => (query.state.data?.status === 'done' || query.state.data?.status === 'error' ? false : CAPTION_JOB_POLL_MS),
  });
}
