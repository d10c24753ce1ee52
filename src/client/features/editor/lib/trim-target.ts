import { frameAt, type SequenceLayout } from '@shared/editor/time-map';
import type { Shot } from '@shared/editor/editor-state';

/** The shot whose edge was last dragged (or keyed) on the lane, and where the playhead was then. */
export interface TrimFocus {
  shotId: string;
  /** Output seconds. */
  at: number;
}

/**
 * The shot the Trim & Cut panel shows, by index: the one being trimmed on the lane while the playhead stays where
 * it was (a trim ripples the shots after it, so the playhead may now be over another shot); once the playhead
 * moves, the one under it.
 */
export function trimTargetIndex(shots: readonly Shot[], layout: SequenceLayout, time: number, focus: TrimFocus | null): number | undefined {
  const focused = focus && focus.at === time ? shots.findIndex((shot) => shot.id === focus.shotId) : -1;
  return focused >= 0 ? focused : frameAt(layout, time)?.shot.index;
}
