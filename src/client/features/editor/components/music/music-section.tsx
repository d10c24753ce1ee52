import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useMusicTracks } from '../../api/get-music-tracks';
import { useEditorAudio } from '../../hooks/editor-audio';
import { firstMusicClip } from '@shared/editor/sequence-controls';
import { useEditor } from '../../store/editor-context';
import { MusicBrowser } from './music-browser';
import { ChosenTrack, MusicSettings, RemoveMusicButton } from './music-settings';

/** The editor's Music panel: a track browser while the edit has no music, its settings once it has. */
export function MusicSection() {
  const { store, dispatch } = useEditor();
  // Whether the clip has a sound of its own: new music ducks under it, and ducking needs it.
  const { hasSpeech, track } = useEditorAudio();
  const music = firstMusicClip(store.present);
  const tracks = useMusicTracks();
  const [browsing, setBrowsing] = useState(false);

  if (!music || browsing) {
    return (
      <div className="grid gap-3">
        {music && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="w-fit"
            onClick={() => {
              setBrowsing(false);
            }}
          >
            Keep the current track
          </Button>
        )}
        <MusicBrowser
          currentTrackId={music?.source.trackId}
          onUse={(track) => {
            dispatch({ type: 'placeMusic', track: { id: track.id, duration: track.duration }, clipHasSound: hasSpeech });
            setBrowsing(false);
          }}
        />
      </div>
    );
  }

  if (tracks.isLoading) return <Skeleton aria-label="Loading music" className="h-14 w-full" />;
  if (tracks.isError) {
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p className="text-red-300">{errorMessage(tracks.error, 'The music could not be loaded.')}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => void tracks.refetch()}>
            Retry
          </Button>
          <RemoveMusicButton />
        </div>
      </div>
    );
  }

  if (!track) {
    return (
      <div className="grid gap-3">
        <ChosenTrack title="This track is no longer available" />
        <p className="text-xs text-muted-foreground">It was deleted. Remove it, then choose another track.</p>
        <RemoveMusicButton />
      </div>
    );
  }

  return (
    <MusicSettings
      music={music}
      track={track}
      hasSpeech={hasSpeech}
      onChangeTrack={() => {
        setBrowsing(true);
      }}
    />
  );
}
