import { uploadUrlResponseSchema } from '@shared/schemas/project';
import { apiRequest } from '@/lib/api';

/** POST /api/videos/upload: a signed, short-lived address to PUT a video to (a project's upload or a shot's). */
export async function requestUploadUrl(): Promise<string> {
  const response = await apiRequest('POST', '/api/videos/upload');
  return uploadUrlResponseSchema.parse(await response.json()).uploadURL;
}
