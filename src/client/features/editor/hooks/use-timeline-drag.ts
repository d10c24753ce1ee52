import { useRef, type PointerEvent } from 'react';
import { nextGestureId } from '../lib/ids';

/** Pointer travel (px) before a press becomes a drag, so a click only selects. */
const DRAG_THRESHOLD = 3;

interface Drag {
  pointerId: number;
  startX: number;
  /** The scale at the press: an edit that changes the output's length may rescale the timeline mid-drag. */
  pxPerSecond: number;
  gesture: string | null;
}

interface TimelineDragOptions {
  /** Pixels per second of the timeline, to turn pointer travel into time. */
  pxPerSecond: number;
  onPress?: () => void;
  /** `delta` is the travel since the press, in seconds; every call of one drag shares `gesture`. */
  onDrag: (delta: number, gesture: string) => void;
}

/**
 * A horizontal drag on the timeline (a bar, a bar's edge, a trim handle): the pointer is captured so
 * the drag goes on past the element, and one drag is one gesture, so one undo step.
 */
export function useTimelineDrag({ pxPerSecond, onPress, onDrag }: TimelineDragOptions) {
  const drag = useRef<Drag | null>(null);

  const end = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      event.stopPropagation();
      onPress?.();
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { pointerId: event.pointerId, startX: event.clientX, pxPerSecond, gesture: null };
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = drag.current;
      if (current?.pointerId !== event.pointerId || current.pxPerSecond <= 0) return;
      const dx = event.clientX - current.startX;
      if (current.gesture === null && Math.abs(dx) < DRAG_THRESHOLD) return;
      current.gesture ??= nextGestureId();
      onDrag(dx / current.pxPerSecond, current.gesture);
    },
    onPointerUp: end,
    onPointerCancel: end,
    onLostPointerCapture: end,
  };
}
