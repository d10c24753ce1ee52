import { musicTrackSchema, type CompleteMusicUploadRequest, type MusicTrack } from '@shared/schemas/music';
import { uploadUrlResponseSchema } from '@shared/schemas/project';
import { apiRequest } from '@/lib/api';

/** POST /api/music-tracks/upload: a signed, short-lived address to PUT the audio file to. */
export async function requestMusicUploadUrl(): Promise<string> {
  const response = await apiRequest('POST', '/api/music-tracks/upload');
  return uploadUrlResponseSchema.parse(await response.json()).uploadURL;
}

/**
 * POST /api/music-tracks/complete-upload: the server checks the uploaded file's header and answers with the new
 * track, processing until its job has normalised it (waitForMusicTrack); a file that is not audio is a 400 with
 * a sentence saying so, a second upload while one is processing a 429.
 */
export async function completeMusicUpload(data: CompleteMusicUploadRequest): Promise<MusicTrack> {
  // Sent as typed: the server trims it and decides (its schema turns a blank artist into none).
  const response = await apiRequest('POST', '/api/music-tracks/complete-upload', data);
  return musicTrackSchema.parse(await response.json());
}
