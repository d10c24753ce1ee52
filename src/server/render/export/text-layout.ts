import { type TextOverlay, overlayLines } from '../../../shared/editor/editor-state.ts';
import { WATERMARK_STYLE, referenceScale } from '../../../shared/editor/looks.ts';
import { type FontMetrics, lineWidth } from './font-metrics.ts';

/** A font as the export uses it: the very TTF the browser is served, and its parsed metrics. */
export interface ExportFont {
  file: string;
  metrics: FontMetrics;
}

/**
 * One line of text to burn in, where Chromium draws it in the preview (DESIGN §5 Geometry). The
 * horizontal anchor is resolved by drawtext against its own width of the line (`text_w`), so a line
 * lands where the browser puts it even where drawtext's glyph advances differ from the browser's.
 */
export interface TextLine {
  text: string;
  fontFile: string;
  /** Whole pixels: drawtext takes an integer size. */
  fontSize: number;
  color: string;
  /** 0..1, the whole line's opacity. */
  opacity: number;
  /** Visible outline outside the glyphs in whole pixels (drawtext `borderw`); 0 for none. */
  outlineWidth: number;
  outlineColor: string;
  /** The line's left edge is at `x` (left), its middle (center), or its right edge (right). */
  anchor: 'left' | 'center' | 'right';
  x: number;
  /** The baseline, in whole pixels from the top of the frame. */
  baseline: number;
}

interface Frame {
  width: number;
  height: number;
}

/**
 * Where Chromium puts the baseline inside a line box of height `lineBox` (CSS line-height x font
 * size): ascent and descent are the font's, rounded to whole pixels (Blink's FontMetrics), and the
 * leading is split with its upper half floored (LayoutNG's FontHeight::AddLeading).
 */
export function baselineInLineBox(metrics: FontMetrics, fontSize: number, lineBox: number): number {
  const ascent = Math.round((metrics.ascender * fontSize) / metrics.unitsPerEm);
  const descent = Math.round((metrics.descender * fontSize) / metrics.unitsPerEm);
  return ascent + Math.floor((lineBox - (ascent + descent)) / 2);
}

/**
 * The visible outline: `-webkit-text-stroke` of 2 x thickness with `paint-order: stroke fill` shows
 * thickness x scale px outside the glyph, which is what drawtext's integer `borderw` draws. A thin
 * outline never rounds away to nothing.
 */
export function outlineWidth(thickness: number, scale: number): number {
  return thickness > 0 ? Math.max(1, Math.round(thickness * scale)) : 0;
}

/** The drawtext lines of one overlay on a frame of this size; blank lines take their height but draw nothing. */
export function layoutOverlay(overlay: TextOverlay, frame: Frame, font: ExportFont): TextLine[] {
  const scale = referenceScale(frame.width, frame.height);
  const fontSize = overlay.fontSize * scale;
  const lines = overlayLines(overlay.text);
  const lineBox = overlay.lineHeight * fontSize;
  const centreX = (overlay.position.x / 100) * frame.width;
  const top = (overlay.position.y / 100) * frame.height - (lines.length * lineBox) / 2;
  const baseline = baselineInLineBox(font.metrics, fontSize, lineBox);
  // The box is as wide as its widest line: only left and right alignment need that width.
  const boxWidth =
    overlay.textAlign === 'center' ? 0 : Math.max(...lines.map((line) => lineWidth(font.metrics, line, fontSize)));
  const x = { left: centreX - boxWidth / 2, center: centreX, right: centreX + boxWidth / 2 }[overlay.textAlign];

  return lines.flatMap((text, index) =>
    text.trim() === ''
      ? []
      : [
          {
            text,
            fontFile: font.file,
            fontSize: Math.round(fontSize),
            color: overlay.color,
            opacity: 1,
            outlineWidth: outlineWidth(overlay.outline.thickness, scale),
            outlineColor: overlay.outline.color,
            anchor: overlay.textAlign,
            x,
            baseline: Math.round(top + index * lineBox + baseline),
          },
        ],
  );
}

/** The free plan's mark: one line, its box (line-height 1) marginX/marginY in from the bottom-right corner. */
export function layoutWatermark(text: string, frame: Frame, font: ExportFont): TextLine {
  const scale = referenceScale(frame.width, frame.height);
  const fontSize = WATERMARK_STYLE.fontSize * scale;
  const boxBottom = frame.height - WATERMARK_STYLE.marginY * scale;
  return {
    text,
    fontFile: font.file,
    fontSize: Math.round(fontSize),
    color: WATERMARK_STYLE.color,
    opacity: WATERMARK_STYLE.opacity,
    outlineWidth: outlineWidth(WATERMARK_STYLE.outline.thickness, scale),
    outlineColor: WATERMARK_STYLE.outline.color,
    anchor: 'right',
    x: frame.width - WATERMARK_STYLE.marginX * scale,
    baseline: Math.round(boxBottom - fontSize + baselineInLineBox(font.metrics, fontSize, fontSize)),
  };
}
