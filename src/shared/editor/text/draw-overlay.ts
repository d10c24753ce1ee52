import type { TextOverlay } from '../editor-state.ts';
import { WATERMARK_STYLE, referenceScale } from '../looks.ts';
import { WATERMARK_TEXT } from '../../product.ts';
import { type OverlayAppearance, overlayAppearance } from './overlay-animation.ts';
import { type Box, type Frame, type OverlayLayout, layoutOverlay, overlayFont, placeLines, splitGraphemes } from './overlay-layout.ts';
import type { LayerFactory, TextDrawingContext } from './text-context.ts';

/** How the text is painted: fill colour, and an outline `thickness` reference px wide outside the glyphs. */
export interface TextPaint {
  color: string;
  outline: { color: string; thickness: number };
}

/** Pixels of antialiasing (and rounding) kept around the ink so nothing drawn is cut off. */
const INK_MARGIN = 2;

/** Each layout's measured glyph bounds: a layout never changes, and fades re-measure on every frame otherwise. */
const glyphBoundsOf = new WeakMap<OverlayLayout, Box | null>();

/** The union of the lines' measured glyph bounds (so fallback glyphs and swashes count); null when nothing is drawn. */
function glyphBounds(ctx: TextDrawingContext, layout: OverlayLayout): Box | null {
  const known = glyphBoundsOf.get(layout);
  if (known !== undefined) return known;
  ctx.save();
  ctx.font = layout.font;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const line of layout.lines) {
    if (line.text === '') continue;
    // Measured left to right whatever the line's direction: the glyphs' extent is the same, and Skia's
    // measureText places an rtl line's bounding box about 100,000 px off (a layout width of its own), which
    // made the export draw layers that wide. Measured at x with the advance in the union, as the line is drawn.
    ctx.direction = 'ltr';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    const ink = ctx.measureText(line.text);
    left = Math.min(left, line.left - ink.actualBoundingBoxLeft, line.left);
    right = Math.max(right, line.left + ink.actualBoundingBoxRight, line.left + line.width);
    top = Math.min(top, line.baseline - ink.actualBoundingBoxAscent);
    bottom = Math.max(bottom, line.baseline + ink.actualBoundingBoxDescent);
  }
  ctx.restore();
  const bounds = left === Infinity ? null : { left, top, width: right - left, height: bottom - top };
  glyphBoundsOf.set(layout, bounds);
  return bounds;
}

/** Whole frame pixels that hold every pixel the layout draws in its steady state: the glyphs plus the outline. */
export function overlayInkBox(ctx: TextDrawingContext, layout: OverlayLayout, paint: TextPaint): Box {
  const glyphs = glyphBounds(ctx, layout);
  if (!glyphs) return { left: 0, top: 0, width: 0, height: 0 };
  const outside = paint.outline.thickness * layout.scale + INK_MARGIN;
  return integerBox({
    left: glyphs.left - outside,
    top: glyphs.top - outside,
    width: glyphs.width + 2 * outside,
    height: glyphs.height + 2 * outside,
  });
}

function integerBox(box: Box): Box {
  const left = Math.floor(box.left);
  const top = Math.floor(box.top);
  return { left, top, width: Math.ceil(box.left + box.width) - left, height: Math.ceil(box.top + box.height) - top };
}

/** The ink box of the layout as it appears: scaled around the text box's centre and moved by offsetY. */
export function appearanceBox(ink: Box, layout: OverlayLayout, look: Pick<OverlayAppearance, 'scale' | 'offsetY'>, frame: Frame): Box {
  const centre = boxCentre(layout);
  return integerBox({
    left: centre.x + (ink.left - centre.x) * look.scale,
    top: centre.y + (ink.top - centre.y) * look.scale + look.offsetY * frame.height,
    width: ink.width * look.scale,
    height: ink.height * look.scale,
  });
}

/** The part of a box inside the frame, or undefined when none is. */
export function clipToFrame(box: Box, frame: Frame): Box | undefined {
  const left = Math.max(0, box.left);
  const top = Math.max(0, box.top);
  const right = Math.min(frame.width, box.left + box.width);
  const bottom = Math.min(frame.height, box.top + box.height);
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : undefined;
}

function boxCentre(layout: OverlayLayout): { x: number; y: number } {
  return { x: layout.box.left + layout.box.width / 2, y: layout.box.top + layout.box.height / 2 };
}

/**
 * Outline first, then fill (CSS paint-order: stroke fill), so the fill covers the inner half of the
 * stroke. `revealed` (0..1) is the part of the overlay's graphemes shown, counted from its first.
 */
function paintLines(ctx: TextDrawingContext, layout: OverlayLayout, paint: TextPaint, revealed: number): void {
  const split = layout.lines.map((line) => splitGraphemes(line.text));
  let left = Math.floor(revealed * split.reduce((sum, graphemes) => sum + graphemes.length, 0) + 1e-9);
  const lines = layout.lines.flatMap((line, index) => {
    const graphemes = split[index] ?? [];
    const shown = Math.max(0, Math.min(left, graphemes.length));
    left -= graphemes.length;
    if (shown === 0) return [];
    // A partly typed line keeps its glyphs where the whole line has them: it grows from its start side.
    const start = line.direction === 'rtl' ? { align: 'right' as const, x: line.left + line.width } : { align: 'left' as const, x: line.left };
    return [{ text: graphemes.slice(0, shown).join(''), direction: line.direction, baseline: line.baseline, ...start }];
  });
  ctx.save();
  ctx.font = layout.font;
  ctx.textBaseline = 'alphabetic';
  ctx.lineJoin = 'round';
  const passes: Array<'stroke' | 'fill'> = paint.outline.thickness > 0 ? ['stroke', 'fill'] : ['fill'];
  for (const pass of passes) {
    if (pass === 'stroke') {
      ctx.strokeStyle = paint.outline.color;
      ctx.lineWidth = 2 * paint.outline.thickness * layout.scale;
    } else {
      ctx.fillStyle = paint.color;
    }
    for (const line of lines) {
      ctx.direction = line.direction;
      ctx.textAlign = line.align;
      if (pass === 'stroke') ctx.strokeText(line.text, line.x, line.baseline);
      else ctx.fillText(line.text, line.x, line.baseline);
    }
  }
  ctx.restore();
}

/**
 * Paints a layout as it appears. Below full opacity the text is drawn opaque into a layer of its own
 * and laid over with the opacity, as CSS opacity does (globalAlpha on each paint would let the outline
 * show through the fill's edges).
 */
function paintLayout(
  ctx: TextDrawingContext,
  layout: OverlayLayout,
  paint: TextPaint,
  look: Omit<OverlayAppearance, 'visible'>,
  frame: Frame,
  layers: LayerFactory,
): void {
  if (look.opacity <= 0) return;
  const centre = boxCentre(layout);
  const place = (target: TextDrawingContext): void => {
    if (look.scale === 1 && look.offsetY === 0) return;
    target.translate(centre.x, centre.y + look.offsetY * frame.height);
    target.scale(look.scale, look.scale);
    target.translate(-centre.x, -centre.y);
  };
  if (look.opacity < 1) {
    // Only what lands on the frame: a long caption's ink may run far past it, and the layer stays frame-sized.
    const ink = clipToFrame(appearanceBox(overlayInkBox(ctx, layout, paint), layout, look, frame), frame);
    if (!ink) return;
    const layer = layers(ink.width, ink.height);
    layer.ctx.translate(-ink.left, -ink.top);
    place(layer.ctx);
    paintLines(layer.ctx, layout, paint, look.revealed);
    ctx.save();
    ctx.globalAlpha = look.opacity;
    ctx.drawImage(layer.image, ink.left, ink.top);
    ctx.restore();
    return;
  }
  ctx.save();
  place(ctx);
  paintLines(ctx, layout, paint, look.revealed);
  ctx.restore();
}

export function overlayPaint(overlay: TextOverlay): TextPaint {
  return { color: overlay.color, outline: overlay.outline };
}

/**
 * Draws one overlay as it appears at `t` seconds of the output (nothing outside its time). `layers`
 * makes the offscreen canvases faded states are drawn into (see TextLayer).
 */
export function drawOverlay(
  ctx: TextDrawingContext,
  overlay: TextOverlay,
  frame: Frame,
  t: number,
  layers: LayerFactory,
  layout: OverlayLayout = layoutOverlay(ctx, overlay, frame),
): void {
  const look = overlayAppearance(overlay, t);
  if (!look.visible) return;
  paintLayout(ctx, layout, overlayPaint(overlay), look, frame, layers);
}

export const WATERMARK_PAINT: TextPaint = { color: WATERMARK_STYLE.color, outline: WATERMARK_STYLE.outline };

/** The free plan's mark: one line (line-height 1) whose box is marginX/marginY in from the bottom-right corner. */
export function watermarkLayout(ctx: TextDrawingContext, frame: Frame): OverlayLayout {
  const scale = referenceScale(frame.width, frame.height);
  const fontSize = WATERMARK_STYLE.fontSize * scale;
  const placed = placeLines(ctx, [WATERMARK_TEXT], {
    font: overlayFont(WATERMARK_STYLE.fontFamily, fontSize),
    fontSize,
    lineHeight: 1,
    textAlign: 'right',
    centre: { x: 0, y: 0 },
    scale,
  });
  const dx = frame.width - WATERMARK_STYLE.marginX * scale - (placed.box.left + placed.box.width);
  const dy = frame.height - WATERMARK_STYLE.marginY * scale - (placed.box.top + placed.box.height);
  return {
    ...placed,
    box: { ...placed.box, left: placed.box.left + dx, top: placed.box.top + dy },
    lines: placed.lines.map((line) => ({ ...line, left: line.left + dx, baseline: line.baseline + dy })),
  };
}

/** Draws the free plan's watermark at WATERMARK_STYLE's opacity, faded as one layer. */
export function drawWatermark(
  ctx: TextDrawingContext,
  frame: Frame,
  layers: LayerFactory,
  layout: OverlayLayout = watermarkLayout(ctx, frame),
): void {
  const look = { opacity: WATERMARK_STYLE.opacity, scale: 1, offsetY: 0, revealed: 1 };
  paintLayout(ctx, layout, WATERMARK_PAINT, look, frame, layers);
}
