import { FileVideo, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { UPLOAD_MAX_BYTES } from '@shared/uploads';
import { cn } from '@/lib/utils';

interface FilePickerProps {
  id: string;
  accept: string;
  file: File | null;
  error?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** A drop zone around a real file input, so keyboard, screen readers and drag and drop all work. */
export function FilePicker({ id, accept, file, error, disabled, onChange }: FilePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const take = (chosen: File | null) => {
    onChange(chosen);
    // Clearing the input lets the same file be chosen again after a rejection.
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium">Video file</span>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        className="peer sr-only"
        onChange={(event) => {
          take(event.target.files?.[0] ?? null);
        }}
      />
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => {
          setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) take(event.dataTransfer.files[0] ?? null);
        }}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-white/15 px-4 py-6 text-center transition-colors hover:border-primary/60 peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          dragging && 'border-primary bg-primary/10',
          error && 'border-destructive/70',
        )}
      >
        {file ? (
          <>
            <FileVideo className="size-7 text-fuchsia-300" aria-hidden />
            <span className="max-w-full truncate text-sm font-medium">{file.name}</span>
            <span className="text-xs text-muted-foreground">{formatSize(file.size)} · click to choose another</span>
          </>
        ) : (
          <>
            <Upload className="size-7 text-muted-foreground" aria-hidden />
            <span className="text-sm font-medium">Choose a video or drop it here</span>
          </>
        )}
      </label>
      <p id={hintId} className="text-xs text-muted-foreground">
        {accept.split(',').join(', ')} up to {Math.round(UPLOAD_MAX_BYTES / (1024 * 1024))} MB
      </p>
      {error && (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
