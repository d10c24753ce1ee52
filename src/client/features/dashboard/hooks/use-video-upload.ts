import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Project } from '@shared/schemas/project';
import type { UPLOAD_ASPECT_RATIOS } from '@shared/uploads';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api';
import { putUploadFile, UploadAbortedError } from '@/lib/put-upload-file';
import { VIDEO_TOO_LARGE } from '@/lib/video-file-check';
import { projectsQueryKey } from '../api/get-projects';
import { requestUploadUrl } from '@/lib/request-upload-url';
import { completeUpload, waitUntilProcessed } from '../api/upload-video';

export interface VideoUploadInput {
  file: File;
  title: string;
  aspectRatio: (typeof UPLOAD_ASPECT_RATIOS)[number];
}

type UploadStage = 'idle' | 'uploading' | 'processing';

/** The server refused the file while processing it; the message says why. */
class UploadRefusedError extends Error {}

/** Which of the two halves failed decides the toast's fallback text (SPEC §8). */
class UploadStepError extends Error {
  readonly step: 'upload' | 'complete';
  override readonly cause: unknown;

  constructor(step: 'upload' | 'complete', cause: unknown) {
    super(`${step} failed`);
    this.step = step;
    this.cause = cause;
  }
}

function showUploadError(error: unknown): void {
  if (!(error instanceof UploadStepError) || error.cause instanceof UploadAbortedError) return;
  const { step, cause } = error;
  if (step === 'upload' && cause instanceof ApiError && cause.status === 413) {
    toast({ variant: 'destructive', ...VIDEO_TOO_LARGE });
    return;
  }
  const fallback = step === 'upload' ? 'Failed to upload file' : 'Failed to complete upload';
  const description = cause instanceof UploadRefusedError ? cause.message : errorMessage(cause, fallback);
  toast({ variant: 'destructive', title: 'Upload failed', description });
}

/**
 * Upload of SPEC §4: ask for an address, PUT the file there with real progress, then complete-upload, and wait
 * while the server processes the video (its progress replaces the upload's) until it is ready or refused.
 */
export function useVideoUpload({ onUploaded }: { onUploaded: (project: Project) => void }) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<UploadStage>('idle');
  const [progress, setProgress] = useState(0);
  const controllerRef = useRef<AbortController | null>(null);

  // Closing the dialog mid-upload stops the transfer instead of leaving it running unseen.
  useEffect(
    () => () => {
      controllerRef.current?.abort();
    },
    [],
  );

  const mutation = useMutation({
    mutationFn: async ({ file, title, aspectRatio }: VideoUploadInput) => {
      const controller = new AbortController();
      controllerRef.current = controller;
      setProgress(0);
      setStage('uploading');
      let uploadURL: string;
      try {
        uploadURL = await requestUploadUrl();
        await putUploadFile(uploadURL, file, { onProgress: setProgress, signal: controller.signal });
      } catch (error) {
        throw new UploadStepError('upload', error);
      }
      setStage('processing');
      setProgress(0);
      try {
        const accepted = await completeUpload({ videoURL: uploadURL, title, aspectRatio });
        const project = await waitUntilProcessed(accepted.id, { onProgress: setProgress, signal: controller.signal });
        if (project.status === 'error') throw new UploadRefusedError(project.errorMessage ?? 'Not a playable video');
        return project;
      } catch (error) {
        throw new UploadStepError('complete', error);
      } finally {
        // The project is on the dashboard from complete-upload on, processing, refused or ready.
        void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
      }
    },
    onSuccess: async (project) => {
      await queryClient.invalidateQueries({ queryKey: projectsQueryKey });
      toast({ title: 'Video uploaded!', description: `"${project.title}" is ready to edit.` });
      onUploaded(project);
    },
    onError: showUploadError,
    onSettled: () => {
      controllerRef.current = null;
      setStage('idle');
    },
  });

  return { upload: mutation.mutate, isUploading: mutation.isPending, stage, progress };
}
