import { CAPTION_PRESETS, CAPTION_RANGES, type CaptionLook, type CaptionStyle } from '@shared/captions/caption-track';
import { OUTLINE_COLOR_PRESETS, RANGES, TEXT_COLOR_PRESETS } from '@shared/editor/editor-constants';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { newId } from '../../lib/ids';
import { useEditor } from '../../store/editor-context';
import { ColorSwatches } from '../toolbar/color-swatches';
import { FontSelect } from '../toolbar/font-select';
import { ValueSlider } from '../value-slider';

const LOOKS: Array<{ value: CaptionLook; label: string }> = [
  { value: 'karaoke', label: 'Karaoke: the spoken word lit' },
  { value: 'pop', label: 'Pop: words appear as spoken' },
  { value: 'word', label: 'One word at a time' },
  { value: 'boxed', label: 'Boxed line' },
  { value: 'plain', label: 'Plain subtitles' },
];

/** The captions' look: a preset to start from, then every part of the style. */
export function CaptionStyleFields({ style }: { style: CaptionStyle }) {
  const { dispatch } = useEditor();
  const change = (next: Partial<CaptionStyle>, gesture?: string) => dispatch({ type: 'styleCaptions', style: next, idPrefix: newId(), gesture });
  const preset = CAPTION_PRESETS.find((candidate) => JSON.stringify({ ...candidate.style, position: style.position }) === JSON.stringify(style));

  return (
    <div className="grid gap-4">
      <RadioGroup
        aria-label="Caption preset"
        value={preset?.id ?? ''}
        onValueChange={(presetId) => dispatch({ type: 'applyCaptionPreset', presetId, idPrefix: newId() })}
        className="grid grid-cols-3 gap-2"
      >
        {CAPTION_PRESETS.map((candidate) => (
          <RadioTile key={candidate.id} value={candidate.id} className="px-2 text-xs">
            {candidate.name}
          </RadioTile>
        ))}
      </RadioGroup>

      <div className="grid gap-1.5">
        <Label>Look</Label>
        <Select value={style.look} onValueChange={(look) => change({ look: look as CaptionLook })}>
          <SelectTrigger aria-label="Caption look">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {LOOKS.map((look) => (
              <SelectItem key={look.value} value={look.value}>
                {look.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div className="grid gap-1.5">
        <Label>Font</Label>
        <FontSelect value={style.fontFamily} onChange={(fontFamily) => change({ fontFamily })} />
      </div>
      <ValueSlider label="Size" value={style.fontSize} range={RANGES.fontSize} onChange={(fontSize, gesture) => change({ fontSize }, gesture)} />
      <ValueSlider label="Words per line" value={style.wordsPerLine} range={CAPTION_RANGES.wordsPerLine} onChange={(wordsPerLine, gesture) => change({ wordsPerLine }, gesture)} />
      <ValueSlider
        label="Height"
        value={Math.round(style.position.y)}
        range={{ min: 0, max: 100, step: 1 }}
        format={(value) => `${String(value)}%`}
        onChange={(y, gesture) => change({ position: { ...style.position, y } }, gesture)}
      />

      <div className="grid gap-1.5">
        <span className="text-xs font-medium text-muted-foreground">Text colour</span>
        <ColorSwatches label="Caption colour" value={style.color} presets={TEXT_COLOR_PRESETS} withPicker onChange={(color, gesture) => change({ color: color.toUpperCase() }, gesture)} />
      </div>
      {style.look !== 'plain' && style.look !== 'word' && (
        <div className="grid gap-1.5">
          <span className="text-xs font-medium text-muted-foreground">Spoken word</span>
          <ColorSwatches label="Highlight colour" value={style.highlightColor} presets={TEXT_COLOR_PRESETS} withPicker onChange={(highlightColor, gesture) => change({ highlightColor: highlightColor.toUpperCase() }, gesture)} />
        </div>
      )}
      <div className="grid gap-1.5">
        <span className="text-xs font-medium text-muted-foreground">Emphasised words</span>
        <ColorSwatches label="Emphasis colour" value={style.emphasisColor} presets={TEXT_COLOR_PRESETS} withPicker onChange={(emphasisColor, gesture) => change({ emphasisColor: emphasisColor.toUpperCase() }, gesture)} />
      </div>
      <div className="grid gap-1.5">
        <span className="text-xs font-medium text-muted-foreground">Outline</span>
        <ColorSwatches label="Caption outline colour" value={style.outline.color} presets={OUTLINE_COLOR_PRESETS} onChange={(color) => change({ outline: { ...style.outline, color } })} />
      </div>
      <ValueSlider label="Outline width" value={style.outline.thickness} range={RANGES.outlineThickness} onChange={(thickness, gesture) => change({ outline: { ...style.outline, thickness } }, gesture)} />

      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={style.upperCase} onChange={(event) => change({ upperCase: event.target.checked })} className="size-4 accent-primary" />
        Upper case
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={style.background !== null}
          onChange={(event) => change({ background: event.target.checked ? { color: '#000000', opacity: 0.6 } : null })}
          className="size-4 accent-primary"
        />
        Background box
      </label>
      {style.background && (
        <ValueSlider
          label="Box opacity"
          value={Math.round(style.background.opacity * 100)}
          range={{ min: 0, max: 100, step: Math.round(CAPTION_RANGES.backgroundOpacity.step * 100) }}
          format={(value) => `${String(value)}%`}
          onChange={(opacity, gesture) => change({ background: { color: style.background?.color ?? '#000000', opacity: opacity / 100 } }, gesture)}
        />
      )}
    </div>
  );
}
