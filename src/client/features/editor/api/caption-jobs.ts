import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EditorState } from '@shared/editor/editor-state';
import { captionJobCreatedSchema, captionJobResponseSchema, type CaptionsRequest } from '@shared/schemas/speech';
import type { TimedWord } from '@shared/speech/timed-word';
import { apiRequest } from '@/lib/api';
import { pause } from '@/lib/pause';
import { currentUserQueryKey } from './get-current-user';
import { saveEditorState } from './save-editor-state';

/** How often a running caption job is asked about. */
const CAPTION_JOB_POLL_MS = 1000;

/** The server's job could not make the captions: `message` is its sentence for the creator. */
class CaptionJobError extends Error {
  override name = 'CaptionJobError';
}

interface MakeCaptionsInput {
  projectId: string;
  request: CaptionsRequest;
  /** The edit on screen, saved first: the server times the words against the saved sequence. */
  editorState: EditorState;
  signal: AbortSignal;
}

/**
 * POST /api/projects/{id}/captions (words from a voice-over on the voice lane, a script, or a transcription),
 * then GET /api/caption-jobs/{id} every second until the words are ready: they come back on the output timeline.
 * A job that failed (the server fails one that found no words) rejects with its sentence, which the Captions panel shows.
 * A transcription may charge credits, so the balance is read again.
 */
async function makeCaptions(queryClient: QueryClient, { projectId, request, editorState, signal }: MakeCaptionsInput): Promise<TimedWord[]> {
  await saveEditorState(queryClient, projectId, editorState);
  const started = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/captions`, request);
  const { jobId } = captionJobCreatedSchema.parse(await started.json());
  for (;;) {
    const response = await apiRequest('GET', `/api/caption-jobs/${encodeURIComponent(jobId)}`);
    const job = captionJobResponseSchema.parse(await response.json());
    if (job.status === 'done') return job.words ?? [];
    if (job.status === 'error') throw new CaptionJobError(job.message ?? 'The captions could not be made.');
    await pause(CAPTION_JOB_POLL_MS, signal);
  }
}

export function useMakeCaptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MakeCaptionsInput) => makeCaptions(queryClient, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
