import { Slider as SliderPrimitive } from 'radix-ui';
import { FRAME_SECONDS } from '@shared/editor/editor-constants';
import type { EditorState } from '@shared/editor/editor-state';
import { formatTime } from '../../lib/format-time';

interface TimelineProps {
  time: number;
  duration: number;
  trim: EditorState['trim'];
  onSeek: (time: number) => void;
}

function percent(value: number, duration: number): string {
  return `${duration > 0 ? (value / duration) * 100 : 0}%`;
}

/** The playhead over the whole clip, with the kept (trimmed) range shown on the track. */
export function Timeline({ time, duration, trim, onSeek }: TimelineProps) {
  return (
    <SliderPrimitive.Root
      min={0}
      max={duration}
      step={FRAME_SECONDS}
      value={[Math.min(time, duration)]}
      onValueChange={([value]) => {
        if (value !== undefined) onSeek(value);
      }}
      className="relative flex h-6 w-full cursor-pointer touch-none items-center select-none"
    >
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-white/10">
        <div
          data-testid="trim-range"
          aria-hidden
          className="absolute inset-y-0 bg-primary/45"
          style={{ left: percent(trim.start, duration), width: percent(trim.end - trim.start, duration) }}
        />
      </SliderPrimitive.Track>
      <span aria-hidden className="pointer-events-none absolute inset-y-0 w-0.5 bg-primary" style={{ left: percent(trim.start, duration) }} />
      <span aria-hidden className="pointer-events-none absolute inset-y-0 w-0.5 bg-primary" style={{ left: percent(trim.end, duration) }} />
      <SliderPrimitive.Thumb
        aria-label="Playhead"
        aria-valuetext={formatTime(time)}
        className="block h-5 w-1.5 rounded-full bg-white shadow-md shadow-black/60 outline-none focus-visible:ring-4 focus-visible:ring-ring/60"
      />
    </SliderPrimitive.Root>
  );
}
