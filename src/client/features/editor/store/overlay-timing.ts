import { MIN_OVERLAY_SECONDS } from '@shared/editor/editor-constants';
import { outputDuration, roundSeconds, type EditorState } from '@shared/editor/editor-state';
import { overlayCommand, type EditorCommand } from './editor-commands';
import { clamp, finite } from './number-bounds';

/**
 * A change to when an overlay shows, in seconds on the output timeline: `move` keeps its length and
 * puts it at `start`; `start` and `end` move one edge and leave the other where it is.
 */
export type TimingEdit = { edge: 'move'; start: number } | { edge: 'start'; start: number } | { edge: 'end'; end: number };

const LABELS: Record<TimingEdit['edge'], string> = {
  move: 'Move text in time',
  start: 'Change text start',
  end: 'Change text end',
};

/**
 * The overlay's new start and end, kept valid: never before 0, at least MIN_OVERLAY_SECONDS long,
 * and inside the output. An overlay that already runs past the output (the trim was shortened
 * afterwards) may keep its end there while its start is edited.
 */
export function overlayTimingCommand(state: EditorState, id: string, edit: TimingEdit): EditorCommand | null {
  const overlay = state.textOverlays.find((candidate) => candidate.id === id);
  if (!overlay) return null;
  const output = Math.max(outputDuration(state), MIN_OVERLAY_SECONDS);
  let { start, end } = overlay;
  switch (edit.edge) {
    case 'move': {
      const length = Math.min(end - start, output);
      start = roundSeconds(clamp(finite(edit.start, start), 0, output - length));
      end = start + length;
      break;
    }
    case 'start':
      start = clamp(finite(edit.start, start), 0, Math.max(0, end - MIN_OVERLAY_SECONDS));
      break;
    case 'end':
      end = clamp(finite(edit.end, end), start + MIN_OVERLAY_SECONDS, Math.max(output, start + MIN_OVERLAY_SECONDS));
      break;
  }
  return overlayCommand(LABELS[edit.edge], state, id, { start: roundSeconds(start), end: roundSeconds(end) });
}
