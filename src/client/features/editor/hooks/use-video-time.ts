import { useEffect, useState, type RefObject } from 'react';

const TIME_EVENTS = ['timeupdate', 'seeking', 'seeked', 'loadedmetadata'] as const;

/** The playhead, every animation frame while playing (timeupdate alone is too coarse for a timeline). */
export function useVideoTime(videoRef: RefObject<HTMLVideoElement | null>, playing: boolean): number {
  const [time, setTime] = useState(0);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => {
      setTime(video.currentTime);
    };
    for (const name of TIME_EVENTS) video.addEventListener(name, update);
    let frame = 0;
    const tick = () => {
      update();
      frame = requestAnimationFrame(tick);
    };
    if (playing) frame = requestAnimationFrame(tick);
    return () => {
      for (const name of TIME_EVENTS) video.removeEventListener(name, update);
      cancelAnimationFrame(frame);
    };
  }, [videoRef, playing]);
  return time;
}
