import { memo } from 'react';
import { rulerTicks } from '../../lib/timeline-scale';
import type { useScrub } from './use-scrub';

interface TimeRulerProps {
  duration: number;
  pxPerSecond: number;
  scrub: ReturnType<typeof useScrub>;
}

/** Seconds along the top of the timeline; press or drag on it to move the playhead. */
export function TimeRuler({ duration, pxPerSecond, scrub }: TimeRulerProps) {
  return (
    <div data-testid="time-ruler" className="relative h-6 cursor-pointer pointer-coarse:h-11 border-b border-white/10 select-none" {...scrub}>
      <RulerTicks duration={duration} pxPerSecond={pxPerSecond} />
    </div>
  );
}

/** Ticks and labels that follow the zoom; memoised, as the playhead moves every frame during playback. */
const RulerTicks = memo(function RulerTicks({ duration, pxPerSecond }: { duration: number; pxPerSecond: number }) {
  return rulerTicks(duration, pxPerSecond).map((tick) => (
    <div key={tick.time} aria-hidden className="pointer-events-none absolute bottom-0" style={{ left: tick.time * pxPerSecond }}>
      <div className={tick.label ? 'h-2.5 w-px bg-white/50' : 'h-1.5 w-px bg-white/25'} />
      {tick.label && <span className="absolute bottom-3 left-1 font-mono text-[10px] whitespace-nowrap text-muted-foreground">{tick.label}</span>}
    </div>
  ));
});
