import { useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { FRAME_SECONDS } from '@shared/editor/editor-constants';
import { cn } from '@/lib/utils';
import { useTimelineDrag } from '../../hooks/use-timeline-drag';
import { formatTime } from '../../lib/format-time';
import { snapEdge, snapMove } from '../../lib/timeline-scale';
import { FINGER_PX, type BarChange, type TimelineAxis, type TimelineBarModel } from './timeline-model';

interface TimelineBarProps {
  bar: TimelineBarModel;
  axis: TimelineAxis;
  onSelect: () => void;
  onChange: (change: BarChange, gesture?: string) => void;
  /** Drawn under the label's strip at the top of the bar, never under the label itself (a sound's waveform). */
  background?: ReactNode;
}

/**
 * A span on a lane: drag it to move it, drag an edge to resize it (both snap), click to select.
 * Focused, ←/→ move it by a frame (Shift: a second), Alt+←/→ move its end, [ and ] set its start and
 * end at the playhead. It is an editing surface: Enter edits its text and Escape deselects, as on the frame.
 */
export function TimelineBar({ bar, axis, onSelect, onChange, background }: TimelineBarProps) {
  const targets = axis.snapTargets.filter((time) => time !== bar.start && time !== bar.end);
  // A drag measures from where the bar was when pressed; the bar itself moves as the drag goes on.
  const origin = useRef({ start: bar.start, end: bar.end });
  const press = () => {
    origin.current = { start: bar.start, end: bar.end };
    onSelect();
  };
  const move = useTimelineDrag({
    pxPerSecond: axis.pxPerSecond,
    onPress: press,
    onDrag: (delta, gesture) => {
      onChange({ edge: 'move', start: snapMove(origin.current.start, origin.current.end, delta, targets, axis.snapThreshold) }, gesture);
    },
  });
  const resizeStart = useTimelineDrag({
    pxPerSecond: axis.pxPerSecond,
    onPress: press,
    onDrag: (delta, gesture) => {
      onChange({ edge: 'start', start: snapEdge(origin.current.start + delta, targets, axis.snapThreshold) }, gesture);
    },
  });
  const resizeEnd = useTimelineDrag({
    pxPerSecond: axis.pxPerSecond,
    onPress: press,
    onDrag: (delta, gesture) => {
      onChange({ edge: 'end', end: snapEdge(origin.current.end + delta, targets, axis.snapThreshold) }, gesture);
    },
  });

  const width = Math.max(2, (bar.end - bar.start) * axis.pxPerSecond);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const change = keyboardChange(event, bar, axis.time);
    if (!change) return;
    event.preventDefault();
    onChange(change);
  };

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={bar.accessibleName}
      aria-valuemin={0}
      aria-valuemax={axis.duration}
      aria-valuenow={bar.start}
      aria-valuetext={`From ${formatTime(bar.start)} to ${formatTime(bar.end)}`}
      aria-keyshortcuts="ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Alt+ArrowLeft Alt+ArrowRight [ ]"
      title="Drag to move, drag an edge to change when it starts or ends. Keys: ←/→ move by a frame (Shift: a second), Alt+←/→ move the end, [ and ] start or end it at the playhead."
      data-editor-surface=""
      data-bar-id={bar.id}
      style={{ left: bar.start * axis.pxPerSecond, width, '--edge-hit': `${String(edgeHit(width))}px` } as CSSProperties}
      className={cn(
        'group absolute inset-y-0.5 cursor-grab touch-none rounded-md border text-[11px] leading-none select-none active:cursor-grabbing pointer-coarse:inset-y-px',
        'outline-none focus-visible:ring-2 focus-visible:ring-ring',
        bar.selected ? 'border-primary bg-primary/45 text-white' : 'border-white/15 bg-white/15 text-white/85 hover:bg-white/25',
      )}
      onKeyDown={onKeyDown}
      {...move}
    >
      {/* The content is clipped to the bar, not the bar itself: a touch screen's edges reach past its ends. */}
      <div className={cn('absolute inset-0 flex overflow-hidden rounded-[calc(var(--radius-md)-1px)] px-2', background ? 'items-start pt-0.5 text-[10px]' : 'items-center')}>
        {background}
        <span className="pointer-events-none relative truncate">{bar.label}</span>
      </div>
      <span
        aria-hidden
        data-edge="start"
        className="absolute inset-y-0 left-0 w-2 cursor-ew-resize touch-none rounded-l-[calc(var(--radius-md)-1px)] bg-white/0 hover:bg-white/40 group-focus-visible:bg-white/30 pointer-coarse:-inset-y-px pointer-coarse:-left-5.5 pointer-coarse:w-(--edge-hit)"
        {...resizeStart}
      />
      <span
        aria-hidden
        data-edge="end"
        className="absolute inset-y-0 right-0 w-2 cursor-ew-resize touch-none rounded-r-[calc(var(--radius-md)-1px)] bg-white/0 hover:bg-white/40 group-focus-visible:bg-white/30 pointer-coarse:-inset-y-px pointer-coarse:-right-5.5 pointer-coarse:w-(--edge-hit)"
        {...resizeEnd}
      />
    </div>
  );
}

/**
 * How wide an edge is to a finger (decision 037): 22 px past the bar's end and as far in again, or less in a short
 * bar, whose middle half stays free to move it.
 */
function edgeHit(barWidth: number): number {
  return FINGER_PX / 2 + Math.min(FINGER_PX / 2, barWidth / 4);
}

function keyboardChange(event: KeyboardEvent, bar: TimelineBarModel, playhead: number): BarChange | null {
  if (event.ctrlKey || event.metaKey) return null;
  if (event.key === '[') return { edge: 'start', start: playhead };
  if (event.key === ']') return { edge: 'end', end: playhead };
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return null;
  const step = (event.shiftKey ? 1 : FRAME_SECONDS) * (event.key === 'ArrowLeft' ? -1 : 1);
  return event.altKey ? { edge: 'end', end: bar.end + step } : { edge: 'move', start: bar.start + step };
}
