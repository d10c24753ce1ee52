import { RotateCcw } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Slider } from '@/components/ui/slider';
import { nextGestureId } from '../lib/ids';

interface ValueSliderProps {
  label: string;
  value: number;
  range: { min: number; max: number; step: number };
  format?: (value: number) => string;
  /** `gesture` is shared by every change of one slide, which is therefore one undo step. */
  onChange: (value: number, gesture: string) => void;
  onReset?: () => void;
  resetDisabled?: boolean;
}

/** A labelled slider that shows its value; a slide is one undo step, each key press its own. */
export function ValueSlider({ label, value, range, format = String, onChange, onReset, resetDisabled }: ValueSliderProps) {
  const gesture = useRef<string | null>(null);
  const endGesture = () => {
    gesture.current = null;
  };

  return (
    <div className="grid gap-2">
      <div className="flex min-h-6 items-center justify-between gap-2 text-xs">
        <span className="font-medium text-muted-foreground">
          {label}
        </span>
        <span className="flex items-center gap-1">
          {/* Not a live region: the slider itself reports its value, once. */}
          <span aria-hidden className="font-mono tabular-nums text-foreground">
            {format(value)}
          </span>
          {onReset && (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-6"
              aria-label={`Reset ${label.toLowerCase()}`}
              title={`Reset ${label.toLowerCase()}`}
              disabled={resetDisabled}
              onClick={onReset}
            >
              <RotateCcw className="size-3.5" aria-hidden />
            </Button>
          )}
        </span>
      </div>
      <Slider
        thumbLabel={label}
        thumbValueText={format(value)}
        min={range.min}
        max={range.max}
        step={range.step}
        value={[value]}
        onValueChange={([next]) => {
          if (next === undefined) return;
          gesture.current ??= nextGestureId();
          onChange(next, gesture.current);
        }}
        onValueCommit={endGesture}
        onPointerUp={endGesture}
      />
    </div>
  );
}
