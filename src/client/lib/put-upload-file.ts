import { ApiError } from '@/lib/api';

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
 * PUTs a file to the upload address the server handed out (a video or a music track), with XMLHttpRequest
 * rather than fetch, because only XHR reports upload progress. A non-2xx answer rejects with an ApiError,
 * like every other call.
 */
export function putUploadFile(uploadUrl: string, file: File, { onProgress, signal }: PutOptions): Promise<void> {
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
