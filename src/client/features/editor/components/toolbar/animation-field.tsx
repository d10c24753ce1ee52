import { RANGES, TEXT_ANIMATIONS, type TextAnimationKind } from '@shared/editor/editor-constants';
import type { TextAnimation } from '@shared/editor/editor-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ValueSlider } from '../value-slider';

const KIND_NAMES: Record<TextAnimationKind, string> = {
  none: 'None',
  fade: 'Fade',
  pop: 'Pop',
  'slide-up': 'Slide up',
  typewriter: 'Typewriter',
};

function isKind(value: string): value is TextAnimationKind {
  return (TEXT_ANIMATIONS as readonly string[]).includes(value);
}

interface AnimationFieldProps {
  /** 'Entrance' or 'Exit'. */
  label: string;
  value: TextAnimation;
  onChange: (change: Partial<TextAnimation>, gesture?: string) => void;
}

/** How the text comes in (or goes out), and for how long. */
export function AnimationField({ label, value, onChange }: AnimationFieldProps) {
  return (
    <div className="grid gap-2">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <Select
        value={value.kind}
        onValueChange={(kind) => {
          if (isKind(kind)) onChange({ kind });
        }}
      >
        <SelectTrigger aria-label={`${label} animation`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {TEXT_ANIMATIONS.map((kind) => (
            <SelectItem key={kind} value={kind}>
              {KIND_NAMES[kind]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {value.kind !== 'none' && (
        <ValueSlider
          label={`${label} duration`}
          value={value.duration}
          range={RANGES.animationDuration}
          format={(seconds) => `${seconds.toFixed(1)} s`}
          onChange={(duration, gesture) => {
            onChange({ duration }, gesture);
          }}
        />
      )}
    </div>
  );
}
