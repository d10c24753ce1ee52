import { Check, Film, Plus, TriangleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { formatDuration } from '../../lib/format-time';

export interface ClipTileProps {
  title: string;
  /** A second line: how the clip came, or the project it is in. */
  caption: string;
  /** Shown on the poster and read after the name: "In the sequence" for a clip already used. */
  mark?: string | null;
  /** Read under the caption and after the name: why a clip asked for is not in the sequence. */
  note?: string | null;
  seconds: number;
  posterUrl: string | null;
  /** Still being made: shown with a spinner, not yet addable. */
  making?: boolean;
  /** This clip's add is under way (an import). */
  busy?: boolean;
  disabled?: boolean;
  onAdd: () => void;
}

/** One clip to add: its poster, length and caption; the whole tile is the "Add <title>" button. */
export function ClipTile({ title, caption, mark = null, note = null, seconds, posterUrl, making = false, busy = false, disabled = false, onAdd }: ClipTileProps) {
  const markId = useId();
  const noteId = useId();
  const describedBy = [mark && markId, note && noteId].filter(Boolean).join(' ');
  return (
    <li>
      <button
        type="button"
        aria-label={making ? `${title}, still being made` : `Add ${title}`}
        aria-describedby={describedBy || undefined}
        disabled={making || disabled}
        onClick={onAdd}
        className={cn(
          'group grid w-full cursor-pointer gap-1.5 rounded-lg border border-white/10 bg-white/5 p-1.5 text-left outline-none transition-colors hover:border-primary/60 focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-not-allowed',
          (making || disabled) && !busy && 'opacity-60',
        )}
      >
        <span className="relative flex aspect-square items-center justify-center overflow-hidden rounded-md bg-black/60">
          {posterUrl ? (
            <img src={posterUrl} alt="" loading="lazy" className="size-full object-contain" />
          ) : (
            !making && <Film aria-hidden className="size-6 text-muted-foreground" />
          )}
          {(making || busy) && (
            <span className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-black/60 text-xs">
              <Spinner aria-hidden className="size-5" />
              {making ? 'Generating…' : 'Adding…'}
            </span>
          )}
          {!making && !busy && (
            <span className="absolute right-1.5 bottom-1.5 flex size-7 items-center justify-center rounded-full bg-primary/90 text-primary-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 max-sm:opacity-100">
              <Plus aria-hidden className="size-4" />
            </span>
          )}
          <span className="absolute top-1.5 left-1.5 rounded bg-black/70 px-1.5 py-0.5 text-xs tabular-nums">{formatDuration(seconds)}</span>
          {mark && (
            <span id={markId} className="absolute top-1.5 right-1.5 flex items-center gap-1 rounded bg-black/70 px-1.5 py-0.5 text-xs">
              <Check aria-hidden className="size-3 text-emerald-400" />
              {mark}
            </span>
          )}
        </span>
        <span className="line-clamp-2 px-0.5 text-sm font-medium break-words">{title}</span>
        <span className="truncate px-0.5 text-xs text-muted-foreground">{caption}</span>
        {note && (
          <span id={noteId} className="line-clamp-3 px-0.5 text-xs text-amber-300">
            {note}
          </span>
        )}
      </button>
    </li>
  );
}

interface ClipGridProps {
  label: string;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  empty: string;
  children: ReactNode[];
}

/** The tiles, or what stands in for them: loading, a failed read with a retry, or nothing to show yet. */
export function ClipGrid({ label, loading, error, onRetry, empty, children }: ClipGridProps) {
  if (loading) {
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner aria-hidden />
        Loading clips…
      </p>
    );
  }
  if (error !== null) {
    return (
      <div className="grid gap-3">
        <Alert variant="destructive">
          <TriangleAlert aria-hidden />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
        <Button type="button" variant="outline" className="justify-self-start" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (children.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {children}
    </ul>
  );
}
