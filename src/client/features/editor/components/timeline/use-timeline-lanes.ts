import { outputDuration } from '@shared/editor/editor-state';
import { useEditorAudio } from '../../hooks/editor-audio';
import { firstMusicClip } from '@shared/editor/sequence-controls';
import { useEditor } from '../../store/editor-context';
import type { LaneDescriptor } from './timeline-model';

/**
 * The timeline's lanes, top to bottom: the shots, their sound, the music (when the edit has some), then one
 * lane per text overlay. A new kind of layer (voice-over, captions) is one more descriptor here. Every time
 * on them is on the output timeline, as the edit stores it.
 */
export function useTimelineLanes(): LaneDescriptor[] {
  const { store, shown, dispatch } = useEditor();
  const { track } = useEditorAudio();
  const { textOverlays } = shown;
  const music = firstMusicClip(shown);
  // An overlay made before the sequence was shortened may run past its end; the video ends there.
  const onAxis = (seconds: number) => Math.min(seconds, outputDuration(shown));
  const musicName = track?.title ?? 'Music';
  return [
    { kind: 'video', id: 'video', label: 'Video' },
    { kind: 'sound', id: 'clip-sound', label: 'Clip sound' },
    ...(music
      ? [
          {
            kind: 'music',
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
