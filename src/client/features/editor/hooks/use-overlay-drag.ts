import { useRef, type PointerEvent } from 'react';
import type { TextOverlay } from '@shared/editor/editor-state';
import type { HalfSize } from '../store/edit-actions';
import { nextGestureId } from '../lib/ids';

/** Pointer travel (px) before a press becomes a drag, so a click or double-click never nudges the text. */
const DRAG_THRESHOLD = 3;

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  origin: TextOverlay['position'];
  frame: DOMRect;
  /** The box's half-size in percent of the frame, measured at the press: the move keeps the box inside. */
  halfSize: HalfSize;
  gesture: string | null;
}

interface OverlayDragOptions {
  overlay: TextOverlay;
  onSelect: () => void;
  onMove: (position: TextOverlay['position'], gesture: string, halfSize: HalfSize) => void;
}

/** An overlay box's half-size in percent of the frame it sits on (its parent), for moves that keep it inside. */
export function boxHalfSize(box: HTMLElement): HalfSize | undefined {
  const frame = box.parentElement?.getBoundingClientRect();
  if (!frame || frame.width === 0 || frame.height === 0) return undefined;
  const own = box.getBoundingClientRect();
  return { width: (own.width / frame.width) * 50, height: (own.height / frame.height) * 50 };
}

/**
 * Moves an overlay with mouse, pen or finger: the pointer is captured so the drag continues past the
 * frame's edge, and every move of one drag shares a gesture id so it is a single undo step.
 */
export function useOverlayDrag({ overlay, onSelect, onMove }: OverlayDragOptions) {
  const drag = useRef<Drag | null>(null);

  const end = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
  };

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      // The frame behind deselects on press; this press belongs to the overlay.
      event.stopPropagation();
      onSelect();
      const frame = event.currentTarget.parentElement?.getBoundingClientRect();
      const halfSize = boxHalfSize(event.currentTarget);
      if (!frame || !halfSize) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = {
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        origin: overlay.position,
        frame,
        halfSize,
        gesture: null,
      };
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = drag.current;
      if (current?.pointerId !== event.pointerId) return;
      const dx = event.clientX - current.startX;
      const dy = event.clientY - current.startY;
      if (current.gesture === null && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      current.gesture ??= nextGestureId();
      onMove(
        {
          x: current.origin.x + (dx / current.frame.width) * 100,
          y: current.origin.y + (dy / current.frame.height) * 100,
        },
        current.gesture,
        current.halfSize,
      );
    },
    onPointerUp: end,
    onPointerCancel: end,
    onLostPointerCapture: end,
  };
}
