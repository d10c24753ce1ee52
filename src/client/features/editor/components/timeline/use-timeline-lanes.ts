import { outputDuration, voiceClips } from '@shared/editor/editor-state';
import { useEditorAudio } from '../../hooks/editor-audio';
import { firstMusicClip } from '@shared/editor/sequence-controls';
import { useEditor } from '../../store/editor-context';
import type { LaneDescriptor } from './timeline-model';

/**
 * The timeline's lanes, top to bottom: the shots, their sound, the voice-over and the music (when the edit has
 * them), the captions (when it has some), then one lane per text overlay. A new kind of layer is one more
 * descriptor here. Every time on them is on the output timeline, as the edit stores it.
 */
export function useTimelineLanes(): LaneDescriptor[] {
  const { store, shown, dispatch } = useEditor();
  const { track, voiceSeconds } = useEditorAudio();
  const { textOverlays } = shown;
  const music = firstMusicClip(shown);
  const voice = voiceClips(shown)[0];
  // An overlay made before the sequence was shortened may run past its end; the video ends there.
  const onAxis = (seconds: number) => Math.min(seconds, outputDuration(shown));
  const musicName = track?.title ?? 'Music';
  return [
    { kind: 'video', id: 'video', label: 'Video' },
    { kind: 'sound', id: 'clip-sound', label: 'Clip sound' },
    ...(voice
      ? [
          {
            kind: 'audio',
            lane: 'voice',
            id: 'voice',
            label: 'Voice-over',
            bar: { id: 'voice', label: 'Voice-over', accessibleName: 'Voice-over timing', start: onAxis(voice.start), end: onAxis(voice.end), selected: false },
            onChange: (change, gesture) => {
              dispatch({ type: 'setVoiceTiming', edit: change, sourceSeconds: voiceSeconds ?? voice.sourceOut, gesture });
            },
          } satisfies LaneDescriptor,
        ]
      : []),
    ...(music
      ? [
          {
            kind: 'audio',
            lane: 'music',
            id: 'music',
            label: `Music: ${musicName}`,
            bar: {
              id: 'music',
              label: musicName,
              accessibleName: `Music timing: ${musicName}`,
              start: onAxis(music.start),
              end: onAxis(music.end),
              selected: false,
            },
            onChange: (change, gesture) => {
              dispatch({ type: 'setMusicTiming', edit: change, gesture });
            },
          } satisfies LaneDescriptor,
        ]
      : []),
    ...(shown.captions ? [{ kind: 'captions', id: 'captions', label: 'Captions' } satisfies LaneDescriptor] : []),
    ...textOverlays.map((overlay, index): LaneDescriptor => {
      const text = overlay.text.replace(/\s+/g, ' ');
      return {
        kind: 'bars',
        id: `text-${overlay.id}`,
        label: `Text ${index + 1}: ${text}`,
        bars: [
          {
            id: overlay.id,
            label: text,
            accessibleName: `Text timing: ${text}`,
            start: onAxis(overlay.start),
            end: onAxis(overlay.end),
            selected: store.selectedId === overlay.id,
          },
        ],
        onSelect: (id) => {
          dispatch({ type: 'select', id });
        },
        onChange: (id, change, gesture) => {
          dispatch({ type: 'setOverlayTiming', id, edit: change, gesture });
        },
      };
    }),
  ];
}
