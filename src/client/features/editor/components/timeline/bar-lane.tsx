import { TimelineBar } from './timeline-bar';
import type { BarLane, TimelineAxis } from './timeline-model';

/** One lane of bars, the generic lane every timed layer uses. */
export function BarLaneRow({ lane, axis }: { lane: BarLane; axis: TimelineAxis }) {
  return (
    <div role="group" aria-label={lane.label} data-lane={lane.id} className="relative h-7 border-t border-white/5 pointer-coarse:h-12">
      {lane.bars.map((bar) => (
        <TimelineBar
          key={bar.id}
          bar={bar}
          axis={axis}
          onSelect={() => {
            lane.onSelect(bar.id);
          }}
          onChange={(change, gesture) => {
            lane.onChange(bar.id, change, gesture);
          }}
        />
      ))}
    </div>
  );
}
