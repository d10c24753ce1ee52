import type { KeyboardEvent } from 'react';
import { FRAME_SECONDS } from '@shared/editor/editor-constants';
import { formatTime } from '../../lib/format-time';
import type { TimelineAxis } from './timeline-model';
import type { useScrub } from './use-scrub';

interface PlayheadProps {
  axis: TimelineAxis;
  scrub: ReturnType<typeof useScrub>;
  onSeek: (time: number) => void;
}

/**
 * The line at the current time across every lane; its knob on the ruler drags, ←/→ step a frame (Shift: a second).
 * On a touch screen the knob takes a finger's width of the ruler around it (decision 037).
 */
export function Playhead({ axis, scrub, onSeek }: PlayheadProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const step = (event.shiftKey ? 1 : FRAME_SECONDS) * (event.key === 'ArrowLeft' ? -1 : 1);
    onSeek(axis.time + step);
  };
  return (
    <div className="pointer-events-none absolute inset-y-0 z-20 w-0" style={{ left: axis.time * axis.pxPerSecond }}>
      <div className="absolute inset-y-0 -left-px w-0.5 bg-white shadow-[0_0_4px_rgba(0,0,0,0.8)]" />
      <div
        role="slider"
        tabIndex={0}
        aria-label="Playhead"
        aria-valuemin={0}
        aria-valuemax={axis.duration}
        aria-valuenow={axis.time}
        aria-valuetext={formatTime(axis.time)}
        className="pointer-events-auto absolute top-0 -left-2 flex h-5 w-4 cursor-ew-resize touch-none justify-center rounded-b-md outline-none focus-visible:ring-4 focus-visible:ring-ring/60 pointer-coarse:-left-5.5 pointer-coarse:h-11 pointer-coarse:w-11"
        onKeyDown={onKeyDown}
        {...scrub}
      >
        <span aria-hidden className="h-5 w-4 rounded-b-md bg-white" />
      </div>
    </div>
  );
}
