import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { outputDuration } from '@shared/editor/editor-state';
import type { MusicTrack } from '@shared/schemas/music';
import { useMusicTrack } from '../api/get-music-tracks';
import { useEditor } from '../store/editor-context';
import { hasSound } from '../lib/audio-peaks';
import type { SequenceClock } from '../lib/sequence-clock';
import { firstMusicClip, firstShot } from '@shared/editor/sequence-controls';
import { useDecodedAudio, type DecodedAudioState } from './use-decoded-audio';
import { useMusicPreview, type MusicPreviewState } from './use-music-preview';

/** The editor's sound: the first shot's clip's and the music's, decoded, and the music preview. */
export interface EditorAudio {
  /** False once the clip is known to be silent (a clip made without sound); true until then. */
  clipHasSound: boolean;
  /** The track the music lane uses; undefined with no music, while the list loads, or if it is gone. */
  track: MusicTrack | undefined;
  /** True when the edit names a track the list no longer has (deleted, or never the user's). */
  trackMissing: boolean;
  trackSound: DecodedAudioState;
  preview: { state: MusicPreviewState; level: number };
}

const EditorAudioContext = createContext<EditorAudio | null>(null);

/**
 * Decodes the first shot's clip's and the music's sound once for the editor, and plays the music under the player.
 * The preview ducks the music under the first shot's sound while it is the only shot; under several, the
 * export ducks it, the preview not yet.
 */
export function useEditorAudioSetup(firstClipUrl: string | undefined, clock: SequenceClock): EditorAudio {
  const { shown } = useEditor();
  const music = firstMusicClip(shown);
  const { track, isLoading, isError } = useMusicTrack(music?.source.trackId);
  const clipSound = useDecodedAudio(firstClipUrl);
  const trackSound = useDecodedAudio(track?.url);
  const clipAudio = clipSound.status === 'ready' ? clipSound.audio : null;
  const clipHasSound = useMemo(() => (clipAudio ? hasSound(clipAudio) : clipSound.status !== 'error'), [clipAudio, clipSound.status]);
  const oneShot = shown.shots.length === 1;
  const preview = useMusicPreview(clock, {
    music,
    shot: firstShot(shown),
    outputSeconds: outputDuration(shown),
    track: trackSound.status === 'ready' ? trackSound.audio : null,
    clipSound: clipHasSound && oneShot ? clipAudio : null,
  });
  // A list that failed to load says nothing about the track: the panel shows that error instead.
  return { clipHasSound, track, trackMissing: Boolean(music) && !isLoading && !isError && !track, trackSound, preview };
}

export function EditorAudioProvider({ value, children }: { value: EditorAudio; children: ReactNode }) {
  return <EditorAudioContext value={value}>{children}</EditorAudioContext>;
}

export function useEditorAudio(): EditorAudio {
  const value = useContext(EditorAudioContext);
  if (!value) throw new Error('useEditorAudio is used outside <EditorAudioProvider>');
  return value;
}
