import type { QueryClient } from '@tanstack/react-query';
import type { MusicTrack } from '@shared/schemas/music';
import { pause } from '@/lib/pause';
import { UploadAbortedError } from '@/lib/put-upload-file';
import { UPLOAD_PROCESSING_POLL_MS, musicTracksQueryOptions } from './get-music-tracks';

const DELETED_MESSAGE = 'The track was deleted before it was ready.';

/** The server's job did not make the track: `message` is its sentence for the owner. */
export class MusicTrackRefusedError extends Error {
  override name = 'MusicTrackRefusedError';
}

/**
 * The uploaded track once its job has made it ready, read from the track list (which the music browser shows
 * too); throws MusicTrackRefusedError with the reason when the job refused it. Aborting stops the waiting, not
 * the job: the track stays listed as processing.
 */
export async function waitForMusicTrack(queryClient: QueryClient, id: string, signal: AbortSignal): Promise<MusicTrack> {
  for (;;) {
    const tracks = await queryClient.fetchQuery({ ...musicTracksQueryOptions(), staleTime: 0 });
    const track = tracks.find((listed) => listed.id === id);
    if (!track) throw new MusicTrackRefusedError(DELETED_MESSAGE);
    if (track.errorMessage !== undefined) throw new MusicTrackRefusedError(track.errorMessage);
    if (!track.processing) return track;
    await pause(UPLOAD_PROCESSING_POLL_MS, signal).catch(() => {
      throw new UploadAbortedError();
    });
  }
}
