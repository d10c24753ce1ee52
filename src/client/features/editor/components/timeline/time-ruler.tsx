import type { useScrub } from './use-scrub';
import { rulerTicks } from '../../lib/timeline-scale';
import type { TimelineAxis } from './timeline-model';

/** Seconds along the top of the timeline; ticks and labels follow the zoom. */
export function TimeRuler({ axis, scrub }: { axis: TimelineAxis; scrub: ReturnType<typeof useScrub> }) {
  return (
    <div data-testid="time-ruler" className="relative h-6 cursor-pointer border-b border-white/10 select-none" {...scrub}>
      {rulerTicks(axis.duration, axis.pxPerSecond).map((tick) => (
        <div key={tick.time} aria-hidden className="pointer-events-none absolute bottom-0" style={{ left: tick.time * axis.pxPerSecond }}>
          <div className={tick.label ? 'h-2.5 w-px bg-white/50' : 'h-1.5 w-px bg-white/25'} />
          {tick.label && <span className="absolute bottom-3 left-1 font-mono text-[10px] whitespace-nowrap text-muted-foreground">{tick.label}</span>}
        </div>
      ))}
    </div>
  );
}
