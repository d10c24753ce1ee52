import { VISUAL_EFFECTS, type VisualEffect } from '@shared/editor/editor-constants';
import { cssFilter, referenceScale } from '@shared/editor/looks';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useEditor } from '../../store/editor-context';

const EFFECT_NAMES: Record<VisualEffect, string> = {
  none: 'None',
  grayscale: 'Grayscale',
  sepia: 'Sepia',
  vintage: 'Vintage',
  blur: 'Blur',
};

/** Thumbnails are square boxes the still covers, so its short side is the box's side. */
const THUMB_PX = 52;

function isEffect(value: string): value is VisualEffect {
  return (VISUAL_EFFECTS as readonly string[]).includes(value);
}

/** Each effect previewed on the clip's still, with the current grade, exactly as the player would show it. */
export function VisualEffectsSection({ thumbnailUrl }: { thumbnailUrl: string | null }) {
  const { store, dispatch } = useEditor();
  const { visualEffect, colorGrading } = store.present;
  const scale = referenceScale(THUMB_PX, THUMB_PX);

  return (
    <ToggleGroup
      type="single"
      aria-label="Visual effect"
      value={visualEffect}
      onValueChange={(value) => {
        if (isEffect(value)) dispatch({ type: 'setVisualEffect', effect: value });
      }}
      className="grid w-full grid-cols-5 gap-1.5 bg-transparent p-0"
    >
      {VISUAL_EFFECTS.map((effect) => (
        <ToggleGroupItem
          key={effect}
          value={effect}
          className="h-auto min-w-0 flex-col gap-1 rounded-md border border-transparent p-1 data-[state=on]:border-primary data-[state=on]:bg-primary/10"
        >
          <span className="block overflow-hidden rounded" style={{ width: THUMB_PX, height: THUMB_PX, maxWidth: '100%' }}>
            {thumbnailUrl ? (
              <img
                src={thumbnailUrl}
                alt=""
                className="size-full object-cover"
                style={{ filter: cssFilter(colorGrading, effect, scale) }}
              />
            ) : (
              <span className="block size-full bg-gradient-brand" style={{ filter: cssFilter(colorGrading, effect, scale) }} />
            )}
          </span>
          <span className="text-[11px]">{EFFECT_NAMES[effect]}</span>
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
