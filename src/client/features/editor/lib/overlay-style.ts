import type { CSSProperties } from 'react';
import type { TextOverlay } from '@shared/editor/editor-state';
import { overlayFontFamilies } from '@shared/editor/fonts';
import type { Box, Frame } from '@shared/editor/text/overlay-layout';

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function percent(part: number, whole: number): string {
  return `${String(round((part / whole) * 100))}%`;
}

/** The laid-out text box (frame px) in percent of the frame, so it follows the frame's size. */
export function overlayBoxStyle(box: Box, frame: Frame): CSSProperties {
  return {
    position: 'absolute',
    left: percent(box.left, frame.width),
    top: percent(box.top, frame.height),
    width: percent(box.width, frame.width),
    height: percent(box.height, frame.height),
  };
}

/**
 * The in-place editor over the box: the text in the overlay's face, size, colours and outline
 * (stroke under the fill, as the canvas paints it), wrapping at the overlay's box width, centred
 * where the text box is. `scale` is screen px per reference px.
 */
export function overlayEditorStyle(overlay: TextOverlay, box: Box, frame: Frame, scale: number): CSSProperties {
  const outline = overlay.outline.thickness > 0 ? { WebkitTextStroke: `${String(round(2 * overlay.outline.thickness * scale))}px ${overlay.outline.color}`, paintOrder: 'stroke fill' } : {};
  return {
    position: 'absolute',
    left: percent(box.left + box.width / 2, frame.width),
    top: percent(box.top + box.height / 2, frame.height),
    transform: 'translate(-50%, -50%)',
    width: 'max-content',
    maxWidth: `${String(overlay.boxWidth)}%`,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: overlayFontFamilies(overlay.fontFamily),
    fontWeight: 400,
    fontStyle: 'normal',
    fontSynthesis: 'none',
    fontSize: `${String(round(overlay.fontSize * scale))}px`,
    lineHeight: overlay.lineHeight,
    textAlign: overlay.textAlign,
    color: overlay.color,
    ...outline,
  };
}
