import { Progress } from '@/components/ui/progress';

interface UploadProgressProps {
  phase: 'uploading' | 'processing';
  /** Percent done, or null while the phase has no measure (the bar is then indeterminate and no number shows). */
  percent: number | null;
  processingLabel: string;
}

/**
 * An upload's two steps, sending the file and the server processing it, each with its own label; the number
 * and the bar come from the one value, so they cannot disagree.
 */
export function UploadProgress({ phase, percent, processingLabel }: UploadProgressProps) {
  const processing = phase === 'processing';
  return (
    <div className="grid gap-2" aria-live="polite" data-testid="upload-progress" data-phase={phase}>
      <div className="flex justify-between gap-2 text-sm">
        <span>{processing ? processingLabel : 'Uploading…'}</span>
        {percent !== null && <span className="tabular-nums text-muted-foreground">{`${String(percent)}%`}</span>}
      </div>
      <Progress value={percent} aria-label={processing ? 'Processing progress' : 'Upload progress'} />
    </div>
  );
}
