import { CircleCheck } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import type { ExportPhase } from './export-phase';

/** The render under way (a bar polled every 2 s) or finished (ready to download). */
export function ExportStatus({ phase, summary }: { phase: ExportPhase; summary: string }) {
  const done = phase.kind === 'completed';
  return (
    <div className="grid gap-3 rounded-lg border border-white/10 bg-white/5 px-4 py-4">
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="flex min-w-0 items-center gap-2 font-medium">
          {done && <CircleCheck className="size-4 shrink-0 text-emerald-400" aria-hidden />}
          <span className="truncate">{done ? 'Your video is ready' : 'Rendering your video…'}</span>
        </p>
        <span data-testid="export-progress-value" className="font-mono text-xs tabular-nums text-muted-foreground">
          {phase.progress}%
        </span>
      </div>
      <Progress value={phase.progress} aria-label="Export progress" />
      <p className="text-xs text-muted-foreground">{summary}</p>
      {!done && <p className="text-xs text-muted-foreground">You can close this and keep editing: the header shows the progress, and the download waits there.</p>}
    </div>
  );
}
