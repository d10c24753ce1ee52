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

/**
 * Whole frame pixels that hold every pixel the layout draws in its steady state: each line's glyph
 * bounds (measured, so fallback glyphs and swashes count) plus the outline.
 */
export function overlayInkBox(ctx: TextDrawingContext, layout: OverlayLayout, paint: TextPaint): Box {
  const outside = paint.outline.thickness * layout.scale + INK_MARGIN;
  ctx.save();
  ctx.font = layout.font;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const line of layout.lines) {
    if (line.text === '') continue;
    ctx.direction = line.direction;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    const ink = ctx.measureText(line.text);
    // With direction rtl the left-aligned line still starts at x; take the union with the advance too.
    left = Math.min(left, line.left - ink.actualBoundingBoxLeft, line.left);
    right = Math.max(right, line.left + ink.actualBoundingBoxRight, line.left + line.width);
    top = Math.min(top, line.baseline - ink.actualBoundingBoxAscent);
    bottom = Math.max(bottom, line.baseline + ink.actualBoundingBoxDescent);
  }
  ctx.restore();
  if (left === Infinity) return { left: 0, top: 0, width: 0, height: 0 };
  return integerBox({ left: left - outside, top: top - outside, width: right - left + 2 * outside, height: bottom - top + 2 * outside });
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

function boxCentre(layout: OverlayLayout): { x: number; y: number } {
  return { x: layout.box.left + layout.box.width / 2, y: layout.box.top + layout.box.height / 2 };
}

/** Outline first, then fill (CSS paint-order: stroke fill), so the fill covers the inner half of the stroke. */
function paintLines(ctx: TextDrawingContext, layout: OverlayLayout, paint: TextPaint, graphemesShown: number): void {
  let left = graphemesShown;
  const lines = layout.lines.flatMap((line) => {
    const graphemes = splitGraphemes(line.text);
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

function graphemeCount(layout: OverlayLayout): number {
  return layout.lines.reduce((sum, line) => sum + splitGraphemes(line.text).length, 0);
}

/**
 * Paints a layout as it appears. Below full opacity the text is drawn opaque into a layer of its own
 * and laid over with the opacity, as CSS opacity does; without a layer factory it falls back to
 * globalAlpha on each paint, where the outline shows through the fill's edges.
 */
function paintLayout(
  ctx: TextDrawingContext,
  layout: OverlayLayout,
  paint: TextPaint,
  look: Omit<OverlayAppearance, 'visible'>,
  frame: Frame,
  layers?: LayerFactory,
): void {
  if (look.opacity <= 0) return;
  const shown = Math.floor(look.revealed * graphemeCount(layout) + 1e-9);
  const centre = boxCentre(layout);
  const place = (target: TextDrawingContext): void => {
    if (look.scale === 1 && look.offsetY === 0) return;
    target.translate(centre.x, centre.y + look.offsetY * frame.height);
    target.scale(look.scale, look.scale);
    target.translate(-centre.x, -centre.y);
  };
  if (look.opacity < 1 && layers) {
    const ink = appearanceBox(overlayInkBox(ctx, layout, paint), layout, look, frame);
    if (ink.width <= 0 || ink.height <= 0) return;
    const layer = layers(ink.width, ink.height);
    layer.ctx.translate(-ink.left, -ink.top);
    place(layer.ctx);
    paintLines(layer.ctx, layout, paint, shown);
    ctx.save();
    ctx.globalAlpha = look.opacity;
    ctx.drawImage(layer.image, ink.left, ink.top);
    ctx.restore();
    return;
  }
  ctx.save();
  ctx.globalAlpha = look.opacity;
  place(ctx);
  paintLines(ctx, layout, paint, shown);
  ctx.restore();
}

export function overlayPaint(overlay: TextOverlay): TextPaint {
  return { color: overlay.color, outline: overlay.outline };
}

/**
 * Draws one overlay as it appears at `t` seconds of the output (nothing outside its time). `layers`
 * makes offscreen canvases for faded states (see TextLayer); pass one wherever opacity can be below 1.
 */
export function drawOverlay(
  ctx: TextDrawingContext,
  overlay: TextOverlay,
  frame: Frame,
  t: number,
  layout: OverlayLayout = layoutOverlay(ctx, overlay, frame),
  layers?: LayerFactory,
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

/** Draws the free plan's watermark at WATERMARK_STYLE's opacity (as a layer when `layers` is given). */
export function drawWatermark(ctx: TextDrawingContext, frame: Frame, layers?: LayerFactory): void {
  const look = { opacity: WATERMARK_STYLE.opacity, scale: 1, offsetY: 0, revealed: 1 };
  paintLayout(ctx, watermarkLayout(ctx, frame), WATERMARK_PAINT, look, frame, layers);
}
