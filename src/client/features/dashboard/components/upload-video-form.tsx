import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { completeUploadRequestSchema, PROJECT_TITLE_MAX } from '@shared/schemas/project';
import { UPLOAD_ASPECT_RATIOS, UPLOAD_EXTENSIONS } from '@shared/uploads';
import { FormField } from '@/components/form-field';
import { UploadProgress } from '@/components/upload-progress';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { titleFromFileName } from '@/lib/file-title';
import { checkVideoFile } from '@/lib/video-file-check';
import { toast } from '@/components/ui/use-toast';
import { useVideoUpload } from '../hooks/use-video-upload';
import { FilePicker } from '@/components/file-picker';
import { AspectRatioChoice } from './format-choices';

/** The form's fields; the video address comes from the server during the upload itself. */
const uploadFormSchema = completeUploadRequestSchema.pick({ title: true, aspectRatio: true }).required({ aspectRatio: true });

const BUSY_LABEL = { idle: 'Uploading…', uploading: 'Uploading…', processing: 'Processing…' } as const;

export function UploadVideoForm({ onUploaded }: { onUploaded: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useForm({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: { title: '', aspectRatio: UPLOAD_ASPECT_RATIOS[0] },
  });
  const { errors } = form.formState;
  const { upload, isUploading, stage, progress } = useVideoUpload({
    onUploaded: () => {
      form.reset();
      setFile(null);
      onUploaded();
    },
  });

  const chooseFile = (chosen: File | null) => {
    const rejection = chosen && checkVideoFile(chosen);
    if (rejection) {
      toast({ variant: 'destructive', ...rejection });
      setFile(null);
      return;
    }
    setFile(chosen);
    setFileError(undefined);
    // After a failed submit the title is checked again as it fills, so a stale "Title is required" clears.
    if (chosen && !form.getValues('title')) form.setValue('title', titleFromFileName(chosen.name, PROJECT_TITLE_MAX), { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        if (!file) setFileError('Choose a video file to upload');
        void form.handleSubmit((values) => {
          if (file) upload({ file, ...values });
        })(event);
      }}
    >
      <FilePicker
        id="upload-file"
        accept={UPLOAD_EXTENSIONS.join(',')}
        file={file}
        error={fileError}
        disabled={isUploading}
        onChange={chooseFile}
      />
      <FormField id="upload-title" label="Title" error={errors.title?.message}>
        {(control) => <Input {...control} disabled={isUploading} {...form.register('title')} />}
      </FormField>
      <Controller
        control={form.control}
        name="aspectRatio"
        render={({ field }) => (
          <AspectRatioChoice id="upload-aspect" options={UPLOAD_ASPECT_RATIOS} {...field} disabled={isUploading} />
        )}
      />
      {isUploading && stage !== 'idle' && (
        <UploadProgress
          phase={stage}
          // Processing has no measure until the server reports one.
          percent={stage === 'processing' && progress === 0 ? null : progress}
          processingLabel="Processing video…"
        />
      )}
      <Button type="submit" variant="brand" size="lg" disabled={isUploading}>
        {isUploading ? BUSY_LABEL[stage] : 'Upload Video'}
      </Button>
    </form>
  );
}
