import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { zoomedScrollLeft } from '../lib/timeline-scale';

const MIN_ZOOM = 1;
const MAX_ZOOM = 40;
const STEP = 1.5;
/** How far inside the view a zoom keeps the playhead: its knob whole, a finger's width on a touch screen. */
const PLAYHEAD_MARGIN_PX = 24;

/**
 * The timeline's zoom: 1 fits the whole output in view. Ctrl/⌘+wheel changes it keeping the time under the
 * pointer where it was; the buttons keep the playhead (`playhead`, seconds) where it was, or bring it to the
 * middle of the view when it was out of it. Either way, and when the view changes width (a phone's timeline shown
 * again after a tool hid it), the playhead stays in view.
 */
export function useTimelineZoom(scrollerRef: RefObject<HTMLElement | null>, fitPxPerSecond: number, playhead: number) {
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const anchor = useRef<{ time: number; offset: number } | null>(null);
  // The scale the view was last laid out at (0: not laid out, or hidden, which also loses its scroll position).
  const laidOut = useRef(0);

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

  const place = useEffectEvent(() => {
    const scroller = scrollerRef.current;
    const pxPerSecond = fitPxPerSecond * zoom;
    const previous = laidOut.current;
    laidOut.current = pxPerSecond;
    if (!scroller || pxPerSecond <= 0 || (anchor.current === null && pxPerSecond === previous)) return;
    // A new width alone keeps the time at the view's left edge.
    const { time, offset } = anchor.current ?? { time: previous > 0 ? scroller.scrollLeft / previous : 0, offset: 0 };
    anchor.current = null;
    scroller.scrollLeft = zoomedScrollLeft({
      anchor: time,
      offset,
      playhead,
      pxPerSecond,
      viewWidth: scroller.clientWidth,
      contentWidth: scroller.scrollWidth,
      margin: PLAYHEAD_MARGIN_PX,
    });
  });
  useLayoutEffect(() => {
    place();
  }, [zoom, fitPxPerSecond]);

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
