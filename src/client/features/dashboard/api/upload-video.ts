import {
  projectSchema,
  uploadUrlResponseSchema,
  type CompleteUploadRequest,
  type Project,
} from '@shared/schemas/project';
import { ApiError, apiRequest } from '@/lib/api';

/** POST /api/videos/upload: a signed, short-lived address to PUT the file to. */
export async function requestUploadUrl(): Promise<string> {
  const response = await apiRequest('POST', '/api/videos/upload');
  return uploadUrlResponseSchema.parse(await response.json()).uploadURL;
}

/** The browser gave up on the PUT itself (network down, or the dialog was closed). */
export class UploadAbortedError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadAbortedError';
  }
}

interface PutOptions {
  /** Called with 0–100 as the browser sends the body. */
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

/**
 * PUTs the file with XMLHttpRequest rather than fetch, because only XHR reports upload progress.
 * A non-2xx answer rejects with an ApiError, like every other call.
 */
export function putVideoFile(uploadUrl: string, file: File, { onProgress, signal }: PutOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadUrl);
    xhr.withCredentials = true;
    // Some systems know no MIME type for .avi or .mov; the server accepts a generic one and probes the file.
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText.trim()));
      }
    };
    xhr.onerror = () => {
      reject(new Error('Network error during upload'));
    };
    xhr.onabort = () => {
      reject(new UploadAbortedError());
    };
    signal.addEventListener('abort', () => {
      xhr.abort();
    });
    xhr.send(file);
  });
}

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
