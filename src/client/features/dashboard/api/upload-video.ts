import {
  projectSchema,
  type CompleteUploadRequest,
  type Project,
} from '@shared/schemas/project';
import { apiRequest } from '@/lib/api';
import { UploadAbortedError } from '@/lib/put-upload-file';

/**
 * POST /api/videos/complete-upload: the server checks the file at once (a file that is plainly not a video is a
 * 400) and answers with the project, still `generating` while the video is processed.
 */
export async function completeUpload(data: CompleteUploadRequest): Promise<Project> {
  const response = await apiRequest('POST', '/api/videos/complete-upload', data);
  return projectSchema.parse(await response.json());
}

const PROCESSING_POLL_MS = 1000;

/**
 * Reads the uploaded project until its processing is over (ready, or refused with its reason in
 * `errorMessage`), reporting its progress in percent. Rejects with UploadAbortedError when `signal` aborts.
 */
export async function waitUntilProcessed(
  id: string,
  { onProgress, signal }: { onProgress: (percent: number) => void; signal: AbortSignal },
): Promise<Project> {
  for (;;) {
    if (signal.aborted) throw new UploadAbortedError();
    const project = projectSchema.parse(await (await apiRequest('GET', `/api/projects/${id}`)).json());
    if (project.status !== 'generating') return project;
    onProgress(project.generationProgress);
    await new Promise((resolve) => setTimeout(resolve, PROCESSING_POLL_MS));
  }
}
