import { LoaderCircle, Pause, Play, Trash2 } from 'lucide-react';
import type { MusicTrack } from '@shared/schemas/music';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatTrackLength, genreLabel } from '../../lib/music-library';

interface MusicTrackRowProps {
  track: MusicTrack;
  playing: boolean;
  /** The track the edit uses now, while another is being chosen. */
  current: boolean;
  onTogglePreview: () => void;
  onUse: () => void;
  onDelete: () => void;
}

/** What the row says instead of Use while the track cannot be used yet: the library's first render, or an upload's job. */
function NotReady({ label }: { label: string }) {
  return (
    <span className="flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground">
      <LoaderCircle aria-hidden className="size-3.5 animate-spin" />
      {label}
    </span>
  );
}

export function MusicTrackRow({ track, playing, current, onTogglePreview, onUse, onDelete }: MusicTrackRowProps) {
  const titleId = `music-track-${track.id}-title`;
  const refused = track.errorMessage !== undefined;
  const playable = !track.preparing && !track.processing && !refused;
  return (
    // min-w-0: as a grid item the row would otherwise be as wide as its untruncated artist line, and push its buttons out of the list.
    <li aria-labelledby={titleId} className="flex min-w-0 items-center gap-2 rounded-md bg-white/5 px-2 py-1.5">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Preview ${track.title}`}
        aria-pressed={playing}
        disabled={!playable}
        onClick={onTogglePreview}
      >
        {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
      </Button>
      <div className="min-w-0 flex-1">
        <p id={titleId} className="truncate text-sm font-medium">
          {track.title}
        </p>
        {refused && <p className="text-xs text-red-300">{track.errorMessage}</p>}
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          <span className="truncate">{[track.artist, track.genre && genreLabel(track.genre)].filter(Boolean).join(' · ')}</span>
          {/* An upload's length is known once its job has counted it. */}
          {!track.processing && !refused && <span className="shrink-0 font-mono tabular-nums">{formatTrackLength(track.duration)}</span>}
          {track.isCustom === 1 && (
            <Badge variant="secondary" className="shrink-0">
              Yours
            </Badge>
          )}
        </p>
      </div>
      {track.isCustom === 1 && (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground hover:text-destructive"
          aria-label={`Delete ${track.title}`}
          title={`Delete ${track.title}`}
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      )}
      {track.preparing ? (
        <NotReady label="Preparing…" />
      ) : track.processing ? (
        <NotReady label="Processing…" />
      ) : refused ? null : (
        <Button type="button" variant={current ? 'secondary' : 'outline'} size="sm" className="shrink-0" disabled={current} onClick={onUse}>
          {current ? 'In use' : 'Use'}
        </Button>
      )}
    </li>
  );
}
