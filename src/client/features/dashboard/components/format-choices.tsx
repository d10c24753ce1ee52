import type { Ref } from 'react';
import { VIDEO_RESOLUTIONS } from '@shared/generation';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';

interface ChoiceProps<T extends string> {
  id: string;
  value: T | undefined;
  onChange: (value: T) => void;
  onBlur?: () => void;
  name?: string;
  disabled?: boolean;
  ref?: Ref<HTMLDivElement>;
}

const ASPECT_LABELS: Record<string, { name: string; shape: string }> = {
  '9:16': { name: 'Vertical', shape: 'h-5 w-3' },
  '16:9': { name: 'Landscape', shape: 'h-3 w-5' },
  '1:1': { name: 'Square', shape: 'size-4' },
};

export function AspectRatioChoice<T extends string>({
  id,
  options,
  value,
  onChange,
  ...rest
}: ChoiceProps<T> & { options: readonly T[] }) {
  return (
    <fieldset className="grid gap-2">
      <legend id={`${id}-label`} className="mb-2 text-sm leading-none font-medium">
        Aspect ratio
      </legend>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={value}
        onValueChange={(next) => {
          const chosen = options.find((ratio) => ratio === next);
          if (chosen) onChange(chosen);
        }}
        className={cn('grid-cols-2', options.length > 2 && 'grid-cols-3')}
        {...rest}
      >
        {options.map((ratio) => {
          const label = ASPECT_LABELS[ratio];
          return (
            <RadioTile key={ratio} value={ratio} className="h-auto flex-col gap-1.5 py-3">
              <span aria-hidden className="flex h-5 items-center">
                <span className={cn('rounded-[3px] border-2 border-current', label?.shape)} />
              </span>
              <span>
                {ratio}
                {label && <span className="block text-xs font-normal text-muted-foreground">{label.name}</span>}
              </span>
            </RadioTile>
          );
        })}
      </RadioGroup>
    </fieldset>
  );
}

export function ResolutionChoice({ id, value, onChange, ...rest }: ChoiceProps<(typeof VIDEO_RESOLUTIONS)[number]>) {
  return (
    <fieldset className="grid gap-2">
      <legend id={`${id}-label`} className="mb-2 text-sm leading-none font-medium">
        Resolution
      </legend>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={value}
        onValueChange={(next) => {
          const chosen = VIDEO_RESOLUTIONS.find((resolution) => resolution === next);
          if (chosen) onChange(chosen);
        }}
        className="h-10 grid-cols-2"
        {...rest}
      >
        {VIDEO_RESOLUTIONS.map((resolution) => (
          <RadioTile key={resolution} value={resolution}>
            {resolution}
          </RadioTile>
        ))}
      </RadioGroup>
    </fieldset>
  );
}
