import { useRef, type PointerEvent, type RefObject } from 'react';

/** Press and drag along the timeline to move the playhead to the time under the pointer. */
export function useScrub(contentRef: RefObject<HTMLElement | null>, pxPerSecond: number, onSeek: (time: number) => void) {
  const pointer = useRef<number | null>(null);
  const seekAt = (clientX: number) => {
    const content = contentRef.current;
    if (!content || pxPerSecond <= 0) return;
    onSeek((clientX - content.getBoundingClientRect().left) / pxPerSecond);
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    if (pointer.current === event.pointerId) pointer.current = null;
  };
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0) return;
      event.stopPropagation();
      pointer.current = event.pointerId;
      // A touch may turn into a scroll of the timeline; only a mouse or pen holds on to the drag.
      if (event.pointerType !== 'touch') event.currentTarget.setPointerCapture(event.pointerId);
      seekAt(event.clientX);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (pointer.current === event.pointerId) seekAt(event.clientX);
    },
    onPointerUp: end,
    onPointerCancel: end,
    onLostPointerCapture: end,
  };
}
