import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { FRAME_SECONDS } from '@shared/editor/editor-constants';
import type { Shot } from '@shared/editor/editor-state';
import { frameAt, type SequenceLayout } from '@shared/editor/time-map';
import { cn } from '@/lib/utils';
import { useTimelineDrag } from '../../hooks/use-timeline-drag';
import { formatTime } from '../../lib/format-time';
import type { ShotSourceOf } from '../../lib/shot-source';
import { shotTiles, type ShotTile } from '../../lib/shot-tiles';
import { useEditor } from '../../store/editor-context';
import { Filmstrip } from './filmstrip';
import type { TimelineAxis, VideoLane } from './timeline-model';
import { TransitionJoint } from './transition-joint';

/** Pointer travel (px) before a press on a shot becomes a drag to reorder, so a click only seeks. */
const REORDER_THRESHOLD = 6;

interface VideoLaneRowProps {
  lane: VideoLane;
  axis: TimelineAxis;
  layout: SequenceLayout;
  sourceOf: ShotSourceOf;
  /** The part of the timeline in view, px from its start. */
  visible: { from: number; to: number };
  onSeek: (time: number) => void;
}

/**
 * The shots side by side on the output timeline, each with its filmstrip: click one to put the playhead there,
 * drag it to reorder, drag its edges to trim it (the shots after it follow), and click a joint to choose how
 * the next shot comes in. The shot under the playhead is outlined: the lane's buttons act on it.
 */
export function VideoLaneRow({ lane, axis, layout, sourceOf, visible, onSeek }: VideoLaneRowProps) {
  const { shown } = useEditor();
  const tiles = shotTiles(layout);
  const [reorder, setReorder] = useState<{ id: string; offset: number; to: number } | null>(null);
  // The shot the toolbar and the Trim panel act on: the one the player shows (the incoming one during a transition).
  const currentIndex = frameAt(layout, axis.time)?.shot.index;

  return (
    <div role="group" aria-label={lane.label} data-lane={lane.id} className="relative h-10 bg-black/40 pointer-coarse:h-11">
      {tiles.map((tile) => {
        const shot = shown.shots[tile.index];
        if (!shot) return null;
        return (
          <ShotBlock
            key={shot.id}
            shot={shot}
            tile={tile}
            tiles={tiles}
            count={tiles.length}
            axis={axis}
            sourceOf={sourceOf}
            visible={visible}
            current={tile.index === currentIndex}
            reorder={reorder?.id === shot.id ? reorder : null}
            onReorder={setReorder}
            onSeek={onSeek}
          />
        );
      })}
      {tiles.slice(1).map((tile) => {
        const shot = shown.shots[tile.index];
        return shot ? <TransitionJoint key={`joint-${shot.id}`} shot={shot} index={tile.index} left={tile.start * axis.pxPerSecond} /> : null;
      })}
      {reorder ? <DropMarker tiles={tiles} to={reorder.to} from={tiles.findIndex((tile) => shown.shots[tile.index]?.id === reorder.id)} axis={axis} /> : null}
    </div>
  );
}

interface ShotBlockProps {
  shot: Shot;
  tile: ShotTile;
  tiles: readonly ShotTile[];
  count: number;
  axis: TimelineAxis;
  sourceOf: ShotSourceOf;
  visible: { from: number; to: number };
  current: boolean;
  reorder: { offset: number; to: number } | null;
  onReorder: (reorder: { id: string; offset: number; to: number } | null) => void;
  onSeek: (time: number) => void;
}

/** One shot's piece of the lane: its filmstrip, its trim edges, a click to seek and a drag to move it. */
function ShotBlock({ shot, tile, tiles, count, axis, sourceOf, visible, current, reorder, onReorder, onSeek }: ShotBlockProps) {
  const { dispatch } = useEditor();
  const source = sourceOf(shot);
  const press = useRef<{ pointerId: number; startX: number; dragging: boolean; touch: boolean } | null>(null);
  const left = tile.start * axis.pxPerSecond;
  const width = Math.max(1, (tile.end - tile.start) * axis.pxPerSecond);
  const label = `Shot ${tile.index + 1} of ${count}: ${formatTime(tile.start)} to ${formatTime(tile.end)}`;

  const targetIndex = (offset: number): number => {
    const centre = (tile.start + tile.end) / 2 + offset / axis.pxPerSecond;
    const passed = tiles.filter((other) => other.index !== tile.index && (other.start + other.end) / 2 < centre).length;
    return passed;
  };

  const pointer = {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (event.button !== 0) return;
      event.stopPropagation();
      // A touch may turn into a scroll of the timeline; only a mouse or pen holds on to the drag.
      if (event.pointerType !== 'touch') event.currentTarget.setPointerCapture(event.pointerId);
      press.current = { pointerId: event.pointerId, startX: event.clientX, dragging: false, touch: event.pointerType === 'touch' };
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      const current = press.current;
      if (current?.pointerId !== event.pointerId || current.touch) return;
      const offset = event.clientX - current.startX;
      if (!current.dragging && (count < 2 || Math.abs(offset) < REORDER_THRESHOLD)) return;
      current.dragging = true;
      onReorder({ id: shot.id, offset, to: targetIndex(offset) });
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      const current = press.current;
      if (current?.pointerId !== event.pointerId) return;
      press.current = null;
      if (current.dragging) {
        onReorder(null);
        dispatch({ type: 'moveShot', id: shot.id, to: targetIndex(event.clientX - current.startX) });
        return;
      }
      const box = event.currentTarget.getBoundingClientRect();
      onSeek(tile.start + (event.clientX - box.left) / axis.pxPerSecond);
    },
    onPointerCancel() {
      press.current = null;
      onReorder(null);
    },
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSeek(tile.start);
    } else if (event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      dispatch({ type: 'moveShot', id: shot.id, to: tile.index + (event.key === 'ArrowLeft' ? -1 : 1) });
    }
  };

  return (
    <div
      role="group"
      aria-label={label}
      data-testid="shot-block"
      data-shot={shot.id}
      style={{ left, width, transform: reorder ? `translateX(${reorder.offset}px)` : undefined }}
      className={cn(
        'absolute inset-y-0 overflow-hidden rounded-md bg-white/5 shadow-[inset_-1px_0_0_rgba(0,0,0,0.6)]',
        current && 'ring-1 ring-primary/70',
        reorder && 'z-20 opacity-80 shadow-lg',
      )}
    >
      {/* The shot's body: a click seeks, a drag (mouse or pen) moves it; a finger's swipe scrolls the timeline. */}
      <div
        role="button"
        tabIndex={0}
        aria-label={`Go to shot ${tile.index + 1}`}
        title={`${label}. Click to go there, drag to move it (Alt+←/→), drag its edges to trim it.`}
        className={cn('absolute inset-0 cursor-grab outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset', reorder && 'cursor-grabbing')}
        onKeyDown={onKeyDown}
        {...pointer}
      >
        {source ? (
          <Filmstrip
            videoUrl={source.url}
            sourceFrom={tile.sourceFrom}
            seconds={tile.end - tile.start}
            pxPerSecond={axis.pxPerSecond}
            visibleFrom={visible.from - left}
            visibleTo={visible.to - left}
          />
        ) : (
          <span className="absolute inset-0 grid place-items-center text-[10px] text-muted-foreground">Clip unavailable</span>
        )}
        <span aria-hidden className="pointer-events-none absolute bottom-0.5 left-1 rounded bg-black/60 px-1 font-mono text-[10px] text-white">
          {tile.index + 1}
        </span>
      </div>
      <ShotEdge side="in" shot={shot} tile={tile} axis={axis} clipSeconds={source?.seconds ?? shot.out} />
      <ShotEdge side="out" shot={shot} tile={tile} axis={axis} clipSeconds={source?.seconds ?? shot.out} />
    </div>
  );
}

interface ShotEdgeProps {
  side: 'in' | 'out';
  shot: Shot;
  tile: ShotTile;
  axis: TimelineAxis;
  clipSeconds: number;
}

/**
 * A shot's In or Out edge: drag it, or ←/→ by a frame (Shift: a second), to trim the shot; the shots after it
 * follow. Its value is the second of the clip it cuts at.
 */
function ShotEdge({ side, shot, tile, axis, clipSeconds }: ShotEdgeProps) {
  const { dispatch, setTrimFocus } = useEditor();
  const origin = useRef(side === 'in' ? shot.in : shot.out);
  // The Trim & Cut panel shows this shot while it is trimmed, whichever shot the ripple brings under the playhead.
  const focus = () => {
    setTrimFocus({ shotId: shot.id, at: axis.time });
  };
  const drag = useTimelineDrag({
    pxPerSecond: axis.pxPerSecond,
    onPress: () => {
      origin.current = side === 'in' ? shot.in : shot.out;
      focus();
    },
    onDrag: (delta, gesture) => {
      dispatch({ type: 'trimShot', id: shot.id, edge: side, time: origin.current + delta, clipSeconds, gesture });
    },
  });
  const value = side === 'in' ? shot.in : shot.out;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    event.stopPropagation();
    const step = (event.shiftKey ? 1 : FRAME_SECONDS) * (event.key === 'ArrowLeft' ? -1 : 1);
    focus();
    dispatch({ type: 'trimShot', id: shot.id, edge: side, time: value + step, clipSeconds });
  };
  const label = `Shot ${tile.index + 1} ${side === 'in' ? 'In point' : 'Out point'}`;
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={clipSeconds}
      aria-valuenow={value}
      aria-valuetext={formatTime(value)}
      title={`${label} (drag, or ←/→)`}
      data-testid={`shot-edge-${side}`}
      className={cn(
        'absolute inset-y-0 z-10 w-2.5 cursor-ew-resize touch-none bg-primary/0 outline-none hover:bg-primary focus-visible:bg-primary pointer-coarse:w-11',
        side === 'in' ? 'left-0 rounded-l-md' : 'right-0 rounded-r-md',
      )}
      onKeyDown={onKeyDown}
      {...drag}
    />
  );
}

/** Where a dragged shot will land: a line at the joint it would take. */
function DropMarker({ tiles, to, from, axis }: { tiles: readonly ShotTile[]; to: number; from: number; axis: TimelineAxis }) {
  const others = tiles.filter((tile) => tile.index !== from);
  const at = to >= others.length ? (others.at(-1)?.end ?? 0) : (others[to]?.start ?? 0);
  return <div aria-hidden className="pointer-events-none absolute inset-y-0 z-30 w-0.5 -translate-x-1/2 bg-primary" style={{ left: at * axis.pxPerSecond }} />;
}
