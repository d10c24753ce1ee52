import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { MusicTrack } from '@shared/schemas/music';
import { ApiError, errorMessage } from '@/lib/api';
import { putUploadFile, UploadAbortedError } from '@/lib/put-upload-file';
import { MUSIC_TRACKS_QUERY_KEY } from '../../api/get-music-tracks';
import { completeMusicUpload, requestMusicUploadUrl } from '../../api/upload-music-track';
import { MusicTrackRefusedError, waitForMusicTrack } from '../../api/wait-for-music-track';
import { MUSIC_TOO_LARGE } from '../../lib/music-library';

interface MusicUploadInput {
  file: File;
  title: string;
  artist?: string;
}

/** `processing` has no progress to show: the server's job normalises the file, and says only when it is done. */
type MusicUploadPhase = 'idle' | 'uploading' | 'processing';

/** The sentence the dialog shows for a failed upload; null when the user cancelled it. */
function musicUploadErrorText(error: unknown): string | null {
  if (error instanceof UploadAbortedError) return null;
  if (error instanceof ApiError && error.status === 413) return MUSIC_TOO_LARGE;
  if (error instanceof MusicTrackRefusedError) return error.message;
  return errorMessage(error, 'The upload failed. Please try again.');
}

/**
 * Ask for an address, PUT the file there with real progress, complete-upload, then wait while the server's job
 * processes it: the track once ready, or the job's reason as the error. Unmounting (the dialog closing) or
 * `cancel` stops the transfer, or the waiting (the track then stays in the list as processing).
 */
export function useMusicUpload({ onUploaded }: { onUploaded: (track: MusicTrack) => void }) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<MusicUploadPhase>('idle');
  const [progress, setProgress] = useState(0);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      controllerRef.current?.abort();
    },
    [],
  );

  const mutation = useMutation({
    mutationFn: async ({ file, title, artist }: MusicUploadInput) => {
      const controller = new AbortController();
      controllerRef.current = controller;
      setProgress(0);
      setPhase('uploading');
      const audioURL = await requestMusicUploadUrl();
      await putUploadFile(audioURL, file, { onProgress: setProgress, signal: controller.signal });
      setPhase('processing');
      try {
        const track = await completeMusicUpload({ audioURL, title, artist: artist || undefined });
        return await waitForMusicTrack(queryClient, track.id, controller.signal);
      } finally {
        // A track whose waiting was cut short still belongs in the list.
        void queryClient.invalidateQueries({ queryKey: MUSIC_TRACKS_QUERY_KEY });
      }
    },
    onSuccess: onUploaded,
    onSettled: () => {
      controllerRef.current = null;
      setPhase('idle');
    },
  });

  return {
    upload: mutation.mutate,
    phase,
    progress,
    error: mutation.error ? musicUploadErrorText(mutation.error) : null,
    cancel: () => controllerRef.current?.abort(),
    reset: mutation.reset,
  };
}
