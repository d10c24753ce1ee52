import { AlignCenter, AlignLeft, AlignRight, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { OUTLINE_COLOR_PRESETS, RANGES, TEXT_ALIGNMENTS, TEXT_COLOR_PRESETS, type TextAlign } from '@shared/editor/editor-constants';
import type { TextOverlay } from '@shared/editor/editor-state';
import { Button } from '@/components/ui/button';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import type { OverlayStyle } from '../../store/edit-actions';
import { useEditor } from '../../store/editor-context';
import { ValueSlider } from '../value-slider';
import { AnimationField } from './animation-field';
import { ColorSwatches } from './color-swatches';
import { FontSelect } from './font-select';
import { OverlayTimingFields } from './overlay-timing-fields';

const ALIGN_ICONS: Record<TextAlign, ReactNode> = {
  left: <AlignLeft aria-hidden />,
  center: <AlignCenter aria-hidden />,
  right: <AlignRight aria-hidden />,
};

function isTextAlign(value: string): value is TextAlign {
  return (TEXT_ALIGNMENTS as readonly string[]).includes(value);
}

/** Style controls for the selected overlay. */
export function TextToolbar({ overlay }: { overlay: TextOverlay }) {
  const { dispatch, setEditingId } = useEditor();
  const style = (next: OverlayStyle, gesture?: string) => {
    dispatch({ type: 'styleOverlay', id: overlay.id, style: next, gesture });
  };

  return (
    <section aria-label="Text style" className="grid gap-4 rounded-xl border border-white/10 bg-card/70 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold whitespace-nowrap">Text style</h2>
        <div className="flex gap-1">
          <Button type="button" variant="ghost" size="sm" onClick={() => setEditingId(overlay.id)}>
            <Pencil aria-hidden />
            Edit text
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground hover:text-red-300"
            aria-label="Delete selected text"
            title="Delete (Del)"
            onClick={() => dispatch({ type: 'removeOverlay', id: overlay.id })}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>

      <FontSelect value={overlay.fontFamily} onChange={(fontFamily) => style({ fontFamily })} />
      <ValueSlider label="Size" value={overlay.fontSize} range={RANGES.fontSize} onChange={(fontSize, gesture) => style({ fontSize }, gesture)} />

      <Field label="Colour">
        <ColorSwatches label="Text colour" value={overlay.color} presets={TEXT_COLOR_PRESETS} withPicker onChange={(color, gesture) => style({ color }, gesture)} />
      </Field>

      <Field label="Alignment">
        <ToggleGroup
          type="single"
          aria-label="Alignment"
          value={overlay.textAlign}
          onValueChange={(value) => {
            if (isTextAlign(value)) style({ textAlign: value });
          }}
        >
          {TEXT_ALIGNMENTS.map((align) => (
            <ToggleGroupItem key={align} value={align} aria-label={`Align ${align}`} title={`Align ${align}`}>
              {ALIGN_ICONS[align]}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </Field>

      <ValueSlider
        label="Line height"
        value={overlay.lineHeight}
        range={RANGES.lineHeight}
        format={(value) => value.toFixed(1)}
        onChange={(lineHeight, gesture) => style({ lineHeight }, gesture)}
      />

      <Field label="Outline">
        <ColorSwatches label="Outline colour" value={overlay.outline.color} presets={OUTLINE_COLOR_PRESETS} onChange={(color) => style({ outline: { color } })} />
      </Field>
      <ValueSlider
        label="Outline thickness"
        value={overlay.outline.thickness}
        range={RANGES.outlineThickness}
        onChange={(thickness, gesture) => style({ outline: { thickness } }, gesture)}
      />
      <ValueSlider
        label="Box width"
        value={overlay.boxWidth}
        range={RANGES.boxWidth}
        format={(value) => `${value}%`}
        onChange={(boxWidth, gesture) => style({ boxWidth }, gesture)}
      />

      <OverlayTimingFields overlay={overlay} />
      <AnimationField label="Entrance" value={overlay.enter} onChange={(enter, gesture) => style({ enter }, gesture)} />
      <AnimationField label="Exit" value={overlay.exit} onChange={(exit, gesture) => style({ exit }, gesture)} />
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      {children}
    </div>
  );
}
