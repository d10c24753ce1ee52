import { outputDuration, type EditorState } from '@shared/editor/editor-state';
import type { TimingEdit } from '../../store/overlay-timing';
import { useEditor } from '../../store/editor-context';
import type { BarChange, LaneDescriptor } from './timeline-model';

/**
 * The timeline's lanes, top to bottom: the clip, then one lane per text overlay. A new kind of layer
 * (music, voice-over, captions, another shot) is one more descriptor here.
 */
export function useTimelineLanes(): LaneDescriptor[] {
  const { store, dispatch } = useEditor();
  const { trim, textOverlays } = store.present;
  // An overlay made before the trim was shortened may run past the Out point; the video ends there.
  const onAxis = (seconds: number) => trim.start + Math.min(seconds, outputDuration(store.present));
  return [
    { kind: 'video', id: 'video', label: 'Video' },
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
          dispatch({ type: 'setOverlayTiming', id, edit: onOutputTimeline(change, trim), gesture });
        },
      };
    }),
  ];
}

/** The timeline's axis is the source clip; overlay times count from the In point. */
function onOutputTimeline(change: BarChange, trim: EditorState['trim']): TimingEdit {
  return change.edge === 'end' ? { edge: 'end', end: change.end - trim.start } : { edge: change.edge, start: change.start - trim.start };
}
