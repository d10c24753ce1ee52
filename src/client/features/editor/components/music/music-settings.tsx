import { Music, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { AudioClip } from '@shared/editor/editor-state';
import type { MusicTrack } from '@shared/schemas/music';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import type { MusicChange } from '../../store/music-edits';
import { useEditor } from '../../store/editor-context';
import { formatTrackLength } from '../../lib/music-library';
import { SettingToggle } from '../setting-toggle';
import { SoundSliders } from '../sound-sliders';
import { TrackTimeField } from './track-time-field';

interface MusicSettingsProps {
  music: AudioClip;
  track: MusicTrack;
  /** The clip sounds or a voice-over is placed: the music can duck under them. */
  hasSpeech: boolean;
  onChangeTrack: () => void;
}

/** The music the edit uses and how it sounds: level, fades, looping, ducking and the piece of the track. */
export function MusicSettings({ music, track, hasSpeech, onChangeTrack }: MusicSettingsProps) {
  const { dispatch } = useEditor();
  const ids = useId();
  const change = (next: MusicChange, gesture?: string) => {
    dispatch({ type: 'changeMusic', change: next, trackSeconds: track.duration, gesture });
  };

  return (
    <div className="grid gap-4">
      <ChosenTrack title={track.title} artist={track.artist} length={formatTrackLength(track.duration)} />
      <SoundSliders levels={music} labels={{ volume: 'Music volume', fadeIn: 'Fade in', fadeOut: 'Fade out' }} onChange={change} />
      <SettingToggle
        id={`${ids}-loop`}
        label="Loop to fill"
        hint="Repeat the piece until the music's end on the timeline."
        checked={music.loop}
        onChange={(loop) => {
          change({ loop });
        }}
      />
      <SettingToggle
        id={`${ids}-duck`}
        label="Duck under speech"
        hint={hasSpeech ? 'Lower the music while the video or the voice-over speaks.' : 'The video has no sound and no voice-over to duck under.'}
        checked={music.duck && hasSpeech}
        disabled={!hasSpeech}
        onChange={(duck) => {
          change({ duck });
        }}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-xs font-medium text-muted-foreground">
          Piece of the track used (of {formatTrackLength(track.duration)})
        </legend>
        <div className="grid grid-cols-2 gap-2">
          <TrackTimeField
            key={`in-${String(music.sourceIn)}`}
            id={`${ids}-track-in`}
            label="Start in track"
            value={music.sourceIn}
            max={track.duration}
            onCommit={(sourceIn) => {
              change({ sourceIn });
            }}
          />
          <TrackTimeField
            key={`out-${String(music.sourceOut)}`}
            id={`${ids}-track-out`}
            label="End in track"
            value={Math.min(music.sourceOut, track.duration)}
            max={track.duration}
            onCommit={(sourceOut) => {
              change({ sourceOut });
            }}
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onChangeTrack}>
          <RefreshCw aria-hidden />
          Change track
        </Button>
        <RemoveMusicButton />
      </div>
    </div>
  );
}

export function ChosenTrack({ title, artist, length }: { title: string; artist?: string | null; length?: string }) {
  return (
    <div className="flex items-center gap-3 rounded-md bg-white/5 px-3 py-2">
      <Music className="size-5 shrink-0 text-fuchsia-300" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{title}</p>
        {artist && <p className="truncate text-xs text-muted-foreground">{artist}</p>}
      </div>
      {length && <span className="font-mono text-xs tabular-nums text-muted-foreground">{length}</span>}
    </div>
  );
}

/** Asks before the music comes off the lane (issue 42.17): its volume, fades and ducking go with it. */
export function RemoveMusicButton() {
  const { dispatch } = useEditor();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          setAsking(true);
        }}
      >
        <Trash2 aria-hidden />
        Remove music
      </Button>
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove the music?</AlertDialogTitle>
            <AlertDialogDescription>
              The track comes off the music lane with its volume, fades and ducking. Undo (Ctrl+Z) brings it back.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep the music</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                dispatch({ type: 'removeMusic' });
              }}
            >
              Remove music
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
