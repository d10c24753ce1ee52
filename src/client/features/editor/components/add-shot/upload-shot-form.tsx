import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { MediaAsset } from '@shared/schemas/media';
import { UPLOAD_EXTENSIONS } from '@shared/uploads';
import { FilePicker } from '@/components/file-picker';
import { UploadProgress } from '@/components/upload-progress';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api';
import { UploadAbortedError } from '@/lib/put-upload-file';
import { checkVideoFile, VIDEO_TOO_LARGE } from '@/lib/video-file-check';
import { projectMediaKey } from '../../api/get-project-media';
import { ShotUploadError, uploadShot } from '../../api/upload-shot';

/** The dashboard's toasts for a failed upload (SPEC §8): the server's words, else which half failed. */
function showUploadError(error: unknown): void {
  if (!(error instanceof ShotUploadError) || error.cause instanceof UploadAbortedError) return;
  if (error.step === 'upload' && error.cause instanceof ApiError && error.cause.status === 413) {
    toast({ variant: 'destructive', ...VIDEO_TOO_LARGE });
    return;
  }
  const fallback = error.step === 'upload' ? 'Failed to upload file' : 'Failed to complete upload';
  toast({ variant: 'destructive', title: 'Upload failed', description: errorMessage(error.cause, fallback) });
}

/**
 * A video of the creator's own, into the project's media; the dialog then waits while the server processes it, and the
 * server appends it to the edit after `afterShotId` when it is ready.
 */
export function UploadShotForm({ projectId, afterShotId, onStarted }: { projectId: string; afterShotId: string | null; onStarted: (asset: MediaAsset) => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState(0);
  const controllerRef = useRef<AbortController | null>(null);

  // Closing the dialog mid-upload stops the transfer, as on the dashboard, instead of leaving it running unseen.
  useEffect(
    () => () => {
      controllerRef.current?.abort();
    },
    [],
  );

  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const controller = new AbortController();
      controllerRef.current = controller;
      setProgress(0);
      return uploadShot(projectId, chosen, { onProgress: setProgress, signal: controller.signal, afterShotId });
    },
    onSuccess: async (asset) => {
      await queryClient.invalidateQueries({ queryKey: projectMediaKey(projectId) });
      onStarted(asset);
    },
    onError: showUploadError,
    onSettled: () => {
      controllerRef.current = null;
    },
  });

  const choose = (chosen: File | null) => {
    const rejection = chosen && checkVideoFile(chosen);
    if (rejection) {
      toast({ variant: 'destructive', ...rejection });
      setFile(null);
      return;
    }
    setFile(chosen);
    setFileError(undefined);
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) {
          setFileError('Choose a video file to upload');
          return;
        }
        upload.mutate(file);
      }}
    >
      <FilePicker id="add-shot-file" accept={UPLOAD_EXTENSIONS.join(',')} file={file} error={fileError} disabled={upload.isPending} onChange={choose} />
      {upload.isPending && <UploadProgress phase="uploading" percent={progress} processingLabel="Processing video…" />}
      <Button type="submit" variant="brand" className="sm:justify-self-end" disabled={upload.isPending}>
        {upload.isPending ? 'Uploading…' : 'Upload shot'}
      </Button>
    </form>
  );
}
