import { FONT_FAMILIES, type FontFamily } from '@shared/editor/editor-constants';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cssFontFamily } from '../../lib/font-faces';

interface FontSelectProps {
  value: FontFamily;
  onChange: (family: FontFamily) => void;
}

function isFontFamily(value: string): value is FontFamily {
  return (FONT_FAMILIES as readonly string[]).includes(value);
}

/** Each font is listed in its own face, the one the export burns in. */
export function FontSelect({ value, onChange }: FontSelectProps) {
  return (
    <Select
      value={value}
      onValueChange={(next) => {
        if (isFontFamily(next)) onChange(next);
      }}
    >
      <SelectTrigger aria-label="Font" style={{ fontFamily: cssFontFamily(value) }} className="text-base md:text-base">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {FONT_FAMILIES.map((family) => (
          <SelectItem key={family} value={family} style={{ fontFamily: cssFontFamily(family) }} className="text-base">
            {family}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
