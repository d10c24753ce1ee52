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
import { projectsQueryKey } from '../api/get-projects';
import { completeUpload, putVideoFile, requestUploadUrl, UploadAbortedError } from '../api/upload-video';

const ACCEPTED_LIST = new Intl.ListFormat('en', { type: 'disjunction' }).format(UPLOAD_EXTENSIONS);
const MAX_MEGABYTES = UPLOAD_MAX_BYTES / (1024 * 1024);
const TOO_LARGE = { title: 'File too large', description: `Maximum file size is ${String(MAX_MEGABYTES)}MB` };

export interface VideoUploadInput {
  file: File;
  title: string;
  aspectRatio: (typeof UPLOAD_ASPECT_RATIOS)[number];
}

type UploadStage = 'idle' | 'uploading' | 'processing';

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
  toast({ variant: 'destructive', title: 'Upload failed', description: errorMessage(cause, fallback) });
}

/** Upload of SPEC §4: ask for an address, PUT the file there with real progress, then complete-upload. */
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
        await putVideoFile(uploadURL, file, { onProgress: setProgress, signal: controller.signal });
      } catch (error) {
        throw new UploadStepError('upload', error);
      }
      setStage('processing');
      try {
        return await completeUpload({ videoURL: uploadURL, title, aspectRatio });
      } catch (error) {
        throw new UploadStepError('complete', error);
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
