import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { completeMusicUploadRequestSchema, MUSIC_TITLE_MAX, type MusicTrack } from '@shared/schemas/music';
import { FormField } from '@/components/form-field';
import { UploadProgress } from '@/components/upload-progress';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { titleFromFileName } from '@/lib/file-title';
import { MUSIC_UPLOAD_ACCEPT, musicFileProblem } from '../../lib/music-library';
import { useMusicUpload } from './use-music-upload';

/** The form's fields; the audio address comes from the server during the upload itself. */
const uploadMusicFormSchema = completeMusicUploadRequestSchema.pick({ title: true, artist: true });

interface UploadMusicDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stored track: the editor puts it under the clip at once. */
  onUploaded: (track: MusicTrack) => void;
}

export function UploadMusicDialog({ open, onOpenChange, onUploaded }: UploadMusicDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload your own music</DialogTitle>
          <DialogDescription>MP3, WAV, M4A, AAC or OGG, up to 20 MB. Only you can use it.</DialogDescription>
        </DialogHeader>
        {/* Inside the content, so closing the dialog unmounts the form and stops its upload. */}
        <UploadMusicForm
          onCancel={() => {
            onOpenChange(false);
          }}
          onUploaded={(track) => {
            onOpenChange(false);
            onUploaded(track);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function UploadMusicForm({ onCancel, onUploaded }: { onCancel: () => void; onUploaded: (track: MusicTrack) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const suggestedTitle = useRef('');
  const form = useForm({ resolver: zodResolver(uploadMusicFormSchema), defaultValues: { title: '', artist: '' } });
  const { errors } = form.formState;
  const { upload, phase, progress, error, cancel, reset } = useMusicUpload({
    onUploaded: (track) => {
      toast({ title: `Uploaded ${track.title}`, description: 'It now plays under your video.' });
      onUploaded(track);
    },
  });
  const busy = phase !== 'idle';

  const chooseFile = (chosen: File | null) => {
    reset();
    const problem = chosen && musicFileProblem(chosen);
    setFile(problem ? null : chosen);
    setFileError(problem ?? undefined);
    if (!chosen || problem) return;
    // A title the user typed stays; one taken from an earlier file follows the new one.
    const title = form.getValues('title');
    if (!title || title === suggestedTitle.current) {
      suggestedTitle.current = titleFromFileName(chosen.name, MUSIC_TITLE_MAX);
      form.setValue('title', suggestedTitle.current, { shouldValidate: form.formState.isSubmitted });
    }
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        if (!file) setFileError('Choose an audio file to upload');
        void form.handleSubmit((values) => {
          if (file) upload({ file, title: values.title, artist: values.artist ?? undefined });
        })(event);
      }}
    >
      <FormField id="music-upload-file" label="Audio file" error={fileError}>
        {(control) => (
          <Input
            {...control}
            type="file"
            accept={MUSIC_UPLOAD_ACCEPT}
            disabled={busy}
            className="cursor-pointer file:mr-3 file:cursor-pointer file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground"
            onChange={(event) => {
              chooseFile(event.target.files?.[0] ?? null);
            }}
          />
        )}
      </FormField>
      <FormField id="music-upload-title" label="Title" error={errors.title?.message}>
        {(control) => <Input {...control} disabled={busy} {...form.register('title')} />}
      </FormField>
      <FormField id="music-upload-artist" label="Artist (optional)" error={errors.artist?.message}>
        {(control) => <Input {...control} disabled={busy} autoComplete="off" {...form.register('artist')} />}
      </FormField>
      {phase !== 'idle' && (
        // The server's job normalises the track: processing has no measure.
        <UploadProgress phase={phase} percent={phase === 'processing' ? null : progress} processingLabel="Processing…" />
      )}
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            cancel();
            onCancel();
          }}
        >
          Cancel
        </Button>
        <Button type="submit" variant="brand" disabled={busy}>
          {phase === 'processing' ? 'Processing…' : busy ? 'Uploading…' : 'Upload'}
        </Button>
      </DialogFooter>
    </form>
  );
}
