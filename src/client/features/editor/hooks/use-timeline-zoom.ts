import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type RefObject } from 'react';

const MIN_ZOOM = 1;
const MAX_ZOOM = 40;
const STEP = 1.5;

/**
 * The timeline's zoom: 1 fits the whole output in view. Ctrl/⌘+wheel changes it keeping the time under the
 * pointer where it was; the buttons keep the playhead (`playhead`, seconds) where it was, or bring it to the
 * middle of the view when it was out of it.
 */
export function useTimelineZoom(scrollerRef: RefObject<HTMLElement | null>, fitPxPerSecond: number, playhead: number) {
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const anchor = useRef<{ time: number; offset: number } | null>(null);

  const zoomBy = (factor: number, offset?: number) => {
    const scroller = scrollerRef.current;
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom * factor));
    if (!scroller || fitPxPerSecond <= 0 || next === zoom) return;
    if (offset === undefined) {
      const shown = playhead * fitPxPerSecond * zoom - scroller.scrollLeft;
      anchor.current = { time: playhead, offset: shown >= 0 && shown <= scroller.clientWidth ? shown : scroller.clientWidth / 2 };
    } else {
      anchor.current = { time: (scroller.scrollLeft + offset) / (fitPxPerSecond * zoom), offset };
    }
    setZoom(next);
  };

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !anchor.current) return;
    scroller.scrollLeft = anchor.current.time * fitPxPerSecond * zoom - anchor.current.offset;
    anchor.current = null;
  }, [scrollerRef, zoom, fitPxPerSecond]);

  const onWheel = useEffectEvent((event: WheelEvent) => {
    const scroller = scrollerRef.current;
    if ((!event.ctrlKey && !event.metaKey) || !scroller) return;
    event.preventDefault();
    zoomBy(event.deltaY < 0 ? STEP : 1 / STEP, event.clientX - scroller.getBoundingClientRect().left);
  });
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    // React's onWheel is passive: it could not keep the browser from zooming the page too.
    scroller.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      scroller.removeEventListener('wheel', onWheel);
    };
  }, [scrollerRef]);

  return {
    pxPerSecond: fitPxPerSecond * zoom,
    zoomIn: () => {
      zoomBy(STEP);
    },
    zoomOut: () => {
      zoomBy(1 / STEP);
    },
    canZoomIn: zoom < MAX_ZOOM,
    canZoomOut: zoom > MIN_ZOOM,
  };
}
