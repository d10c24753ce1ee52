import type { Ref } from 'react';
import { IMAGE_MODEL_NAMES, IMAGE_MODELS, type ImageModelName } from '@shared/schemas/ai';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';

interface ImageModelChoiceProps {
  id: string;
  value: ImageModelName;
  onChange: (value: ImageModelName) => void;
  onBlur?: () => void;
  name?: string;
  disabled?: boolean;
  ref?: Ref<HTMLDivElement>;
  isPro: boolean;
}

export function creditsLabel(count: number): string {
  return count === 1 ? '1 credit' : `${String(count)} credits`;
}

/** Each image model with what it makes and what it costs, so the choice is made knowing both. */
export function ImageModelChoice({ id, value, onChange, isPro, ...rest }: ImageModelChoiceProps) {
  return (
    <fieldset className="grid gap-2">
      <legend id={`${id}-label`} className="mb-2 text-sm leading-none font-medium">
        Model
      </legend>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={value}
        onValueChange={(next) => {
          const chosen = IMAGE_MODEL_NAMES.find((name) => name === next);
          if (chosen) onChange(chosen);
        }}
        className="sm:grid-cols-3"
        {...rest}
      >
        {IMAGE_MODEL_NAMES.map((name) => {
          const model = IMAGE_MODELS[name];
          return (
            <RadioTile key={name} value={name} className="h-auto flex-col items-start gap-0.5 px-3 py-2.5 text-left">
              <span className="text-foreground">{model.label}</span>
              <span className="text-xs font-normal text-muted-foreground">
                {model.width}×{model.height} · {isPro ? 'Included in Pro' : creditsLabel(model.credits)}
              </span>
            </RadioTile>
          );
        })}
      </RadioGroup>
    </fieldset>
  );
}
