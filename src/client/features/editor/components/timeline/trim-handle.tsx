import { useRef, type KeyboardEvent } from 'react';
import { FRAME_SECONDS } from '@shared/editor/editor-constants';
import { cn } from '@/lib/utils';
import { useTimelineDrag } from '../../hooks/use-timeline-drag';
import { formatTime } from '../../lib/format-time';
import { snapEdge } from '../../lib/timeline-scale';
import type { TimelineAxis } from './timeline-model';

interface TrimHandleProps {
  side: 'in' | 'out';
  time: number;
  axis: TimelineAxis;
  onChange: (time: number, gesture?: string) => void;
}

/**
 * The In or Out point on the video lane: drag it (snapping to the playhead), or ←/→ by a frame (Shift: a second).
 * On a touch screen it takes a finger's width inside the kept part, beside its slim bar (decision 037).
 */
export function TrimHandle({ side, time, axis, onChange }: TrimHandleProps) {
  const origin = useRef(time);
  const drag = useTimelineDrag({
    pxPerSecond: axis.pxPerSecond,
    onPress: () => {
      origin.current = time;
    },
    onDrag: (delta, gesture) => {
      onChange(snapEdge(origin.current + delta, [0, axis.duration, axis.time], axis.snapThreshold), gesture);
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const step = (event.shiftKey ? 1 : FRAME_SECONDS) * (event.key === 'ArrowLeft' ? -1 : 1);
    onChange(time + step);
  };

  const label = side === 'in' ? 'In point' : 'Out point';
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={axis.duration}
      aria-valuenow={time}
      aria-valuetext={formatTime(time)}
      title={`${label} (drag, or ←/→)`}
      data-testid={`trim-handle-${side}`}
      style={{ left: time * axis.pxPerSecond }}
      className={cn(
        'absolute inset-y-0 z-10 w-3 cursor-ew-resize touch-none outline-none focus-visible:ring-2 focus-visible:ring-ring pointer-coarse:w-11',
        side === 'in' ? 'rounded-l-md' : '-translate-x-full rounded-r-md',
      )}
      onKeyDown={onKeyDown}
      {...drag}
    >
      <span
        aria-hidden
        className={cn('absolute inset-y-0 flex w-3 items-center justify-center bg-primary', side === 'in' ? 'left-0 rounded-l-md' : 'right-0 rounded-r-md')}
      >
        <span className="h-4 w-0.5 rounded-full bg-primary-foreground/80" />
      </span>
    </div>
  );
}
