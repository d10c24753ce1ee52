import { useEffect, useState } from 'react';
import type { SequenceClock } from '../lib/sequence-clock';

const TIME_EVENTS = ['timeupdate', 'seeked'] as const;

/** The playhead in output seconds, every time the clock moves (each animation frame while playing). */
export function useClockTime(clock: SequenceClock): number {
  const [time, setTime] = useState(() => clock.currentTime);
  useEffect(() => {
    const update = () => {
      setTime(clock.currentTime);
    };
    for (const name of TIME_EVENTS) clock.addEventListener(name, update);
    update();
    return () => {
      for (const name of TIME_EVENTS) clock.removeEventListener(name, update);
    };
  }, [clock]);
  return time;
}
