import { EXPORT_FORMATS, EXPORT_QUALITIES, EXPORT_RESOLUTIONS, type ExportSettings } from '@shared/schemas/export';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { qualityName } from './export-phase';

interface ExportSettingsFieldsProps {
  settings: ExportSettings;
  isPro: boolean;
  disabled: boolean;
  onChange: (change: Partial<ExportSettings>) => void;
}

function pick<T extends string>(options: readonly T[], value: string): T | undefined {
  return options.find((option) => option === value);
}

/** Resolution, format and quality by hand; 4K is for pro users only (SPEC §5). */
export function ExportSettingsFields({ settings, isPro, disabled, onChange }: ExportSettingsFieldsProps) {
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-3">
      <SettingSelect
        id="export-resolution"
        label="Resolution"
        value={settings.resolution}
        disabled={disabled}
        onChange={(value) => {
          const resolution = pick(EXPORT_RESOLUTIONS, value);
          if (resolution) onChange({ resolution });
        }}
        options={EXPORT_RESOLUTIONS.map((resolution) => ({
          value: resolution,
          label: resolution === '4K' && !isPro ? '4K (Pro)' : resolution,
          disabled: resolution === '4K' && !isPro,
        }))}
      />
      <SettingSelect
        id="export-format"
        label="Format"
        value={settings.format}
        disabled={disabled}
        onChange={(value) => {
          const format = pick(EXPORT_FORMATS, value);
          if (format) onChange({ format });
        }}
        options={EXPORT_FORMATS.map((format) => ({ value: format, label: format.toUpperCase() }))}
      />
      <SettingSelect
        id="export-quality"
        label="Quality"
        value={settings.quality}
        disabled={disabled}
        onChange={(value) => {
          const quality = pick(EXPORT_QUALITIES, value);
          if (quality) onChange({ quality });
        }}
        options={EXPORT_QUALITIES.map((quality) => ({ value: quality, label: qualityName(quality) }))}
      />
    </div>
  );
}

interface SettingSelectProps {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  options: Array<{ value: string; label: string; disabled?: boolean }>;
  onChange: (value: string) => void;
}

function SettingSelect({ id, label, value, disabled, options, onChange }: SettingSelectProps) {
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} disabled={disabled} onValueChange={onChange}>
        <SelectTrigger id={id} className="px-2.5 sm:px-3">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
