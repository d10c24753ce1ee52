import { useRef, useState, type FocusEvent, type PointerEvent } from 'react';

/**
 * A card's muted preview plays while a mouse rests on the card or focus is inside it, and a tap
 * toggles it on touch screens, where there is no hover.
 */
export function usePreviewPlayback() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  const play = () => {
    // play() rejects when a pause interrupts it (the pointer left quickly); that is expected.
    videoRef.current?.play().catch(() => undefined);
  };
  const pause = () => {
    videoRef.current?.pause();
  };

  const cardHandlers = {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') play();
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') pause();
    },
    onFocus: play,
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) pause();
    },
  };

  const toggle = () => {
    if (videoRef.current?.paused) play();
    else pause();
  };

  const videoEvents = {
    onPlay: () => {
      setPlaying(true);
    },
    onPause: () => {
      setPlaying(false);
    },
  };

  return { videoRef, playing, cardHandlers, toggle, videoEvents };
}
