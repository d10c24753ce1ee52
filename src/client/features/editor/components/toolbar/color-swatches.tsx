import { useRef } from 'react';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { nextGestureId } from '../../lib/ids';

interface ColorSwatchesProps {
  /** 'Text colour', 'Outline colour': names the group and each swatch. */
  label: string;
  value: string;
  presets: readonly { name: string; value: string }[];
  onChange: (color: string, gesture?: string) => void;
  /** Adds a free colour picker after the presets. */
  withPicker?: boolean;
}

export function ColorSwatches({ label, value, presets, onChange, withPicker = false }: ColorSwatchesProps) {
  const pickerGesture = useRef<string | null>(null);
  const selected = presets.find((preset) => preset.value.toLowerCase() === value.toLowerCase());

  return (
    <div className="flex flex-wrap items-center gap-1">
      <ToggleGroup
        type="single"
        aria-label={label}
        value={selected?.value ?? ''}
        onValueChange={(color) => {
          if (color) onChange(color);
        }}
        className="flex-wrap gap-1 bg-transparent p-0"
      >
        {presets.map((preset) => (
          <ToggleGroupItem
            key={preset.value}
            value={preset.value}
            aria-label={`${label} ${preset.name}`}
            title={preset.name}
            className="size-6 min-w-6 rounded-full border-2 border-white/20 p-0 data-[state=on]:border-white data-[state=on]:ring-2 data-[state=on]:ring-primary"
            style={{ backgroundColor: preset.value }}
          />
        ))}
      </ToggleGroup>
      {withPicker && (
        // A rainbow ring tells the free picker apart from the presets; inside it shows the colour in use.
        <span className="grid size-6 place-items-center rounded-full bg-[conic-gradient(#f00,#ff0,#0f0,#0ff,#00f,#f0f,#f00)] p-0.5 pointer-coarse:size-11">
          <input
            type="color"
            aria-label={`Custom ${label.toLowerCase()}`}
            title="Custom colour"
            value={value.toLowerCase()}
            // The native picker reports every colour it passes through; one opening is one undo step.
            onClick={() => {
              pickerGesture.current = nextGestureId();
            }}
            onChange={(event) => {
              pickerGesture.current ??= nextGestureId();
              onChange(event.target.value, pickerGesture.current);
            }}
            className="size-full cursor-pointer rounded-full border-2 border-card bg-transparent p-0 outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-moz-color-swatch]:rounded-full [&::-moz-color-swatch]:border-0 [&::-webkit-color-swatch]:rounded-full [&::-webkit-color-swatch]:border-0 [&::-webkit-color-swatch-wrapper]:p-0"
          />
        </span>
      )}
    </div>
  );
}
