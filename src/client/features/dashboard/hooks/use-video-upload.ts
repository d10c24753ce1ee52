import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Project } from '@shared/schemas/project';
import {
  hasAcceptedVideoExtension,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  type UPLOAD_ASPECT_RATIOS,
} from '@shared/uploads';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api';
import { putUploadFile, UploadAbortedError } from '@/lib/put-upload-file';
import { projectsQueryKey } from '../api/get-projects';
import { completeUpload, requestUploadUrl, waitUntilProcessed } from '../api/upload-video';

const ACCEPTED_LIST = new Intl.ListFormat('en', { type: 'disjunction' }).format(UPLOAD_EXTENSIONS);
const MAX_MEGABYTES = UPLOAD_MAX_BYTES / (1024 * 1024);
const TOO_LARGE = { title: 'File too large', description: `Maximum file size is ${String(MAX_MEGABYTES)}MB` };

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

/** The browser-side checks of SPEC §5, run before anything is sent. Returns the toast to show, or null. */
export function checkVideoFile(file: File): { title: string; description: string } | null {
  if (!hasAcceptedVideoExtension(file.name)) {
    return { title: 'Upload failed', description: `Only ${ACCEPTED_LIST} files can be uploaded.` };
  }
  if (file.size > UPLOAD_MAX_BYTES) return TOO_LARGE;
  return null;
}

function showUploadError(error: unknown): void {
  if (!(error instanceof UploadStepError) || error.cause instanceof UploadAbortedError) return;
  const { step, cause } = error;
  if (step === 'upload' && cause instanceof ApiError && cause.status === 413) {
    toast({ variant: 'destructive', ...TOO_LARGE });
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
