import { MEDIA_TITLE_MAX, mediaResponseSchema, type MediaAsset } from '@shared/schemas/media';
import { apiRequest } from '@/lib/api';
import { titleFromFileName } from '@/lib/file-title';
import { putUploadFile } from '@/lib/put-upload-file';
import { requestUploadUrl } from '@/lib/request-upload-url';

/** Which half of an upload failed decides the toast's fallback text (SPEC §8), as on the dashboard. */
export class ShotUploadError extends Error {
  override readonly cause: unknown;

  constructor(
    readonly step: 'upload' | 'complete',
    cause: unknown,
  ) {
    super(`${step} failed`);
    this.cause = cause;
  }
}

interface UploadShotOptions {
  onProgress: (percent: number) => void;
  signal: AbortSignal;
  /** The shot the clip joins the sequence after once it is ready (null: last). */
  afterShotId: string | null;
}

/**
 * An upload into a project's media: POST /api/videos/upload for an address, PUT the file there with progress,
 * then POST /api/projects/{id}/media/complete-upload, named after the file. Answers the new asset, still `generating`
 * while the server processes it (the media list says when it is ready, or why it was refused).
 */
export async function uploadShot(projectId: string, file: File, { onProgress, signal, afterShotId }: UploadShotOptions): Promise<MediaAsset> {
  let videoURL: string;
  try {
    videoURL = await requestUploadUrl();
    await putUploadFile(videoURL, file, { onProgress, signal });
  } catch (error) {
    throw new ShotUploadError('upload', error);
  }
  try {
    const title = titleFromFileName(file.name, MEDIA_TITLE_MAX);
    const response = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/media/complete-upload`, { videoURL, title, addToSequence: { afterShotId } });
    return mediaResponseSchema.parse(await response.json()).media;
  } catch (error) {
    throw new ShotUploadError('complete', error);
  }
}
