import type { FontFamily, VisualEffect } from './editor-constants.ts';
import type { ColorGrading } from './editor-state.ts';

/** Geometry of DESIGN §5: sizes in the editor state are pixels on a frame whose short side is 1080. */
const REFERENCE_SHORT_SIDE = 1080;

/** How many screen (or output) pixels one reference pixel is, for a frame of this size. */
export function referenceScale(frameWidth: number, frameHeight: number): number {
  return Math.min(frameWidth, frameHeight) / REFERENCE_SHORT_SIDE;
}

/** The blur effect's radius in reference pixels. */
const BLUR_RADIUS = 8;

/**
 * Each effect as CSS filter functions (DESIGN §5 Looks: the preview's filters are the definition;
 * the export reproduces the same maths). Vintage is a fixed mix of the primitives.
 */
const EFFECT_FILTERS: Record<VisualEffect, (scale: number) => string[]> = {
  none: () => [],
  grayscale: () => ['grayscale(1)'],
  sepia: () => ['sepia(1)'],
  vintage: () => ['sepia(0.45)', 'contrast(1.1)', 'brightness(0.95)', 'saturate(0.85)'],
  blur: (scale) => [`blur(${round(BLUR_RADIUS * scale)}px)`],
};

/**
 * The CSS `filter` for a grade and an effect: the grade first (brightness, contrast, saturate, as
 * percentages), then the effect. `scale` is referenceScale() of the frame the filter applies to.
 */
export function cssFilter(grading: ColorGrading, effect: VisualEffect, scale: number): string {
  const grade = [
    grading.brightness !== 100 ? `brightness(${grading.brightness}%)` : '',
    grading.contrast !== 100 ? `contrast(${grading.contrast}%)` : '',
    grading.saturation !== 100 ? `saturate(${grading.saturation}%)` : '',
  ].filter(Boolean);
  const all = [...grade, ...EFFECT_FILTERS[effect](scale)];
  return all.length > 0 ? all.join(' ') : 'none';
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The free plan's watermark, in reference pixels (short side 1080): bottom-right, white text with a
 * soft dark outline. The export draws it from these numbers, and so does the watermarked copy that a
 * free user's editor plays (docs/decisions/007-watermarked-rendition.md).
 */
export const WATERMARK_STYLE = {
  fontFamily: 'Montserrat' satisfies FontFamily,
  fontSize: 30,
  marginX: 36,
  marginY: 44,
  color: '#FFFFFF',
  opacity: 0.8,
  outline: { color: '#000000', thickness: 2 },
} as const;
