import { Upload } from 'lucide-react';
import { useState } from 'react';
import type { MusicTrack } from '@shared/schemas/music';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useMusicTracks } from '../../api/get-music-tracks';
import { genreLabel, genresOf, tracksInGenre } from '../../lib/music-library';
import { useEditor } from '../../store/editor-context';
import { DeleteMusicTrackDialog } from './delete-music-track-dialog';
import { MusicTrackRow } from './music-track-row';
import { UploadMusicDialog } from './upload-music-dialog';
import { useTrackPreview } from './use-track-preview';

const ALL = 'all';

interface MusicBrowserProps {
  /** The track the edit uses now, when the browser is open to change it. */
  currentTrackId?: string;
  onUse: (track: MusicTrack) => void;
}

/** The library and the user's uploads: filter by genre, preview, use, upload and delete. */
export function MusicBrowser({ currentTrackId, onUse }: MusicBrowserProps) {
  const tracks = useMusicTracks();
  // While the edit is held (the video extended, a suggestion previewed) the panels' buttons are disabled.
  const { held } = useEditor();
  const preview = useTrackPreview();
  const [genre, setGenre] = useState<string>(ALL);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<MusicTrack | null>(null);

  const all = tracks.data ?? [];
  const genres = genresOf(all);
  // A genre whose last track was deleted falls back to All rather than an empty list.
  const shownGenre = genre !== ALL && genres.includes(genre) ? genre : null;
  const shown = tracksInGenre(all, shownGenre);

  return (
    <div className="grid gap-3">
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => {
          setUploading(true);
        }}
      >
        <Upload aria-hidden />
        Upload your own
      </Button>
      {tracks.isPending ? (
        <ul aria-label="Loading music" aria-busy className="grid gap-2">
          {[0, 1, 2, 3].map((row) => (
            <li key={row}>
              <Skeleton className="h-11 w-full" />
            </li>
          ))}
        </ul>
      ) : tracks.isError ? (
        <div role="alert" className="grid gap-2 text-sm">
          <p className="text-red-300">{errorMessage(tracks.error, 'The music could not be loaded.')}</p>
          <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => void tracks.refetch()}>
            Retry
          </Button>
        </div>
      ) : all.length === 0 ? (
        <p className="text-sm text-muted-foreground">No music yet. Upload a track of your own to use it here.</p>
      ) : (
        <>
          {genres.length > 1 && (
            <ToggleGroup
              type="single"
              aria-label="Genre"
              value={shownGenre ?? ALL}
              onValueChange={(next) => {
                // Pressing the chosen chip again would unselect it; the filter always has one.
                if (next) setGenre(next);
              }}
              className="max-w-full flex-wrap"
            >
              <ToggleGroupItem value={ALL}>All</ToggleGroupItem>
              {genres.map((name) => (
                <ToggleGroupItem key={name} value={name}>
                  {genreLabel(name)}
                </ToggleGroupItem>
              ))}
            </ToggleGroup>
          )}
          {/* Its rows' buttons are how the keyboard scrolls it: while they are disabled it does not scroll on its own (the column does). A phone's sheet scrolls it with the rest: one scroller inside another is hard to move by touch. */}
          <ul aria-label="Music tracks" className={cn('grid gap-1.5', !held && 'lg:max-h-80 lg:overflow-y-auto')}>
            {shown.map((track) => (
              <MusicTrackRow
                key={track.id}
                track={track}
                playing={preview.playingId === track.id}
                current={track.id === currentTrackId}
                onTogglePreview={() => {
                  preview.toggle(track);
                }}
                onUse={() => {
                  preview.stop();
                  onUse(track);
                }}
                onDelete={() => {
                  if (preview.playingId === track.id) preview.stop();
                  setDeleting(track);
                }}
              />
            ))}
          </ul>
        </>
      )}
      <UploadMusicDialog open={uploading} onOpenChange={setUploading} onUploaded={onUse} />
      {deleting && (
        <DeleteMusicTrackDialog
          track={deleting}
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
