import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { outputDuration, voiceClips, type Shot } from '@shared/editor/editor-state';
import { voiceDuckingSpans } from '@shared/editor/voice-ducking';
import { firstMusicClip, firstShot } from '@shared/editor/sequence-controls';
import type { MusicTrack } from '@shared/schemas/music';
import { useMusicTrack } from '../api/get-music-tracks';
import { useProjectMedia } from '../api/get-project-media';
import { useEditor } from '../store/editor-context';
import { hasSound, type DecodedAudio } from '../lib/audio-peaks';
import type { DuckingKey } from '../lib/ducking-envelope';
import type { SequenceClock } from '../lib/sequence-clock';
import { useDecodedAudio, type DecodedAudioState } from './use-decoded-audio';
import { useLanesPreview, type LanesPreview, type PreviewClip } from './use-lanes-preview';

/** The editor's sound: the first shot's clip's, the music's and the voice-over's, decoded, and their preview. */
export interface EditorAudio {
  /**
   * The first shot's clip sounds (true until it is known to be silent: a clip made without sound) or a voice-over is
   * placed: there is speech for the music to duck under.
   */
  hasSpeech: boolean;
  /** The track the music lane uses; undefined with no music, while the list loads, or if it is gone. */
  track: MusicTrack | undefined;
  /** True when the edit names a track the list no longer has (deleted, or never the user's). */
  trackMissing: boolean;
  trackSound: DecodedAudioState;
  /** The voice lane's voice-over: its decoded sound and its length in seconds (from the media list). */
  voiceSound: DecodedAudioState;
  voiceSeconds: number | undefined;
  preview: LanesPreview;
}

const EditorAudioContext = createContext<EditorAudio | null>(null);

/**
 * Decodes the first shot's clip's, the music's and the voice-over's sound once for the editor, and plays the music
 * and the voice under the player. The music is lowered under the voice along the export's curve (voiceDuckingSpans)
 * wherever it is, and ducks under the first shot's sound while that is the only shot (under several, the export
 * ducks it, the preview not yet).
 */
export function useEditorAudioSetup(firstClipUrl: string | undefined, clock: SequenceClock): EditorAudio {
  const { shown, projectId } = useEditor();
  const music = firstMusicClip(shown);
  const voice = voiceClips(shown)[0];
  const { track, isLoading, isError } = useMusicTrack(music?.source.trackId);
  const media = useProjectMedia(projectId);
  const voiceAsset = media.data?.find((asset) => asset.id === voice?.source.mediaId);
  const clipSound = useDecodedAudio(firstClipUrl);
  const trackSound = useDecodedAudio(track?.url);
  const voiceSound = useDecodedAudio(voiceAsset?.status === 'ready' ? (voiceAsset.videoUrl ?? undefined) : undefined);
  const clipAudio = clipSound.status === 'ready' ? clipSound.audio : null;
  const clipHasSound = useMemo(() => (clipAudio ? hasSound(clipAudio) : clipSound.status !== 'error'), [clipAudio, clipSound.status]);
  const trackAudio = trackSound.status === 'ready' ? trackSound.audio : null;
  const voiceAudio = voiceSound.status === 'ready' ? voiceSound.audio : null;
  const outputSeconds = outputDuration(shown);
  const shot = firstShot(shown);
  const oneShotSound = clipHasSound && shown.shots.length === 1 ? clipAudio : null;

  const voiceSeconds = voiceAudio?.duration;
  const { audioClips } = shown;
  const clips = useMemo((): PreviewClip[] => {
    const duckUnder = oneShotSound ? shotKey(shot, oneShotSound, outputSeconds) : [];
    const underVoice = voiceDuckingSpans({ audioClips }, outputSeconds, 'music', () => voiceSeconds);
    return [
      ...(music ? [{ lane: 'music' as const, clip: music, audio: trackAudio, duckUnder, underVoice }] : []),
      ...(voice ? [{ lane: 'voice' as const, clip: voice, audio: voiceAudio, duckUnder: [], underVoice: [] }] : []),
    ];
  }, [audioClips, music, voice, trackAudio, voiceAudio, voiceSeconds, oneShotSound, shot, outputSeconds]);
  const preview = useLanesPreview(clock, clips, outputSeconds);
  return {
    hasSpeech: clipHasSound || Boolean(voice),
    track,
    // A list that failed to load says nothing about the track: the panel shows that error instead.
    trackMissing: Boolean(music) && !isLoading && !isError && !track,
    trackSound,
    voiceSound,
    voiceSeconds: voiceAsset?.duration,
    preview,
  };
}

/** The first shot's sound as the music's ducking hears it: output time 0 is its In point. */
function shotKey(shot: Shot, audio: DecodedAudio, outputSeconds: number): DuckingKey[] {
  return shot.muted ? [] : [{ audio, offset: shot.in, from: 0, to: outputSeconds, gainAt: () => shot.volume }];
}

export function EditorAudioProvider({ value, children }: { value: EditorAudio; children: ReactNode }) {
  return <EditorAudioContext value={value}>{children}</EditorAudioContext>;
}

export function useEditorAudio(): EditorAudio {
  const value = useContext(EditorAudioContext);
  if (!value) throw new Error('useEditorAudio is used outside <EditorAudioProvider>');
  return value;
}
