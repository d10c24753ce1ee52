import { hasAcceptedVideoExtension, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@shared/uploads';

const ACCEPTED_LIST = new Intl.ListFormat('en', { type: 'disjunction' }).format(UPLOAD_EXTENSIONS);
const MAX_MEGABYTES = UPLOAD_MAX_BYTES / (1024 * 1024);

/** SPEC §8's toast for a video over the limit, whether the browser or the server (413) finds it. */
export const VIDEO_TOO_LARGE = { title: 'File too large', description: `Maximum file size is ${String(MAX_MEGABYTES)}MB` };

/**
 * The browser-side checks of SPEC §5 on a video to upload (a project's or a shot's), run before anything is
 * sent. Returns the toast to show, or null.
 */
export function checkVideoFile(file: Pick<File, 'name' | 'size'>): { title: string; description: string } | null {
  if (!hasAcceptedVideoExtension(file.name)) {
    return { title: 'Upload failed', description: `Only ${ACCEPTED_LIST} files can be uploaded.` };
  }
  if (file.size > UPLOAD_MAX_BYTES) return VIDEO_TOO_LARGE;
  return null;
}
