import { Crown, Lock, Smartphone } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { EXPORT_PRESETS } from '@shared/schemas/export';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { describeSettings, isProOnly, lengthLimits, presetPlatform, type ExportPreset, type PresetName } from './export-phase';

interface ExportPresetsProps {
  value: PresetName | null;
  isPro: boolean;
  disabled: boolean;
  onChoose: (preset: ExportPreset) => void;
}

/** SPEC §9: the five platform presets, each with the lengths its platform takes, and '4K Pro', which a free plan sees locked. */
export function ExportPresets({ value, isPro, disabled, onChoose }: ExportPresetsProps) {
  return (
    <fieldset className="grid gap-2">
      <legend id="export-presets-label" className="mb-2 text-sm leading-none font-medium">
        Presets
      </legend>
      <RadioGroupPrimitive.Root
        aria-labelledby="export-presets-label"
        value={value ?? ''}
        disabled={disabled}
        onValueChange={(name) => {
          const preset = EXPORT_PRESETS.find((candidate) => candidate.name === name);
          if (preset) onChoose(preset);
        }}
        className="grid grid-cols-2 gap-2 sm:grid-cols-3"
      >
        {EXPORT_PRESETS.map((preset) => {
          const pro = isProOnly(preset);
          const locked = pro && !isPro;
          const platform = presetPlatform(preset);
          const detailId = `export-preset-${preset.name.toLowerCase().replace(/\s+/g, '-')}`;
          const lengthsId = `${detailId}-lengths`;
          return (
            <RadioGroupPrimitive.Item
              key={preset.name}
              value={preset.name}
              disabled={locked}
              aria-label={preset.name}
              aria-describedby={platform ? `${detailId} ${lengthsId}` : detailId}
              title={locked ? 'Upgrade to Pro for 4K export' : undefined}
              className={cn(
                'relative flex min-w-0 cursor-pointer flex-col items-stretch gap-1 rounded-lg border border-input bg-input/20 px-3 py-2.5 text-left outline-none transition-colors',
                'hover:border-white/25 focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-input',
                'data-[state=checked]:border-primary data-[state=checked]:bg-primary/15',
              )}
            >
              <span className="flex min-w-0 items-start gap-1.5">
                {pro ? (
                  <Crown className="mt-px size-4 shrink-0 text-yellow-400" aria-hidden />
                ) : (
                  <Smartphone className="mt-px size-4 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <span className="min-w-0 text-sm leading-snug font-semibold">{preset.name}</span>
                {locked && <Lock className="mt-0.5 ml-auto size-3.5 shrink-0 text-muted-foreground" aria-hidden />}
              </span>
              <span className="flex flex-wrap items-center gap-1.5">
                <span id={detailId} className="text-xs text-muted-foreground">
                  {describeSettings(preset.settings)}
                </span>
                {pro && (
                  <Badge variant="warning" className="px-1.5 py-0 text-[10px]">
                    Pro
                  </Badge>
                )}
              </span>
              {platform && (
                <span id={lengthsId} className="text-xs text-muted-foreground">
                  {lengthLimits(platform)}
                </span>
              )}
            </RadioGroupPrimitive.Item>
          );
        })}
      </RadioGroupPrimitive.Root>
    </fieldset>
  );
}
