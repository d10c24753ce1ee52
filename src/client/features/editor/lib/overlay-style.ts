import type { CSSProperties } from 'react';
import type { TextOverlay } from '@shared/editor/editor-state';
import { FONT_FACES } from '@shared/editor/fonts';

/**
 * The outline sits outside the glyphs, as ffmpeg's drawtext borderw draws it: a stroke twice as
 * wide, half of it hidden under the fill that is painted after it.
 */
function outlineStyle(thickness: number, color: string, scale: number): CSSProperties {
  if (thickness <= 0) return {};
  return { WebkitTextStroke: `${round(2 * thickness * scale)}px ${color}`, paintOrder: 'stroke fill' };
}

/** Exactly the served face: a synthesized bold or italic would not match the export. */
const FACE_ONLY: CSSProperties = { fontWeight: 400, fontStyle: 'normal', fontSynthesis: 'none', whiteSpace: 'pre' };

/**
 * DESIGN §5 Geometry: the box is centred on the position (percent of the frame); sizes are
 * reference pixels (short side 1080) times the frame's scale; lines break only where typed.
 */
export function overlayBoxStyle(overlay: TextOverlay, scale: number): CSSProperties {
  return {
    ...FACE_ONLY,
    position: 'absolute',
    left: `${overlay.position.x}%`,
    top: `${overlay.position.y}%`,
    transform: 'translate(-50%, -50%)',
    width: 'max-content',
    fontFamily: `'${FONT_FACES[overlay.fontFamily].cssFamily}'`,
    fontSize: `${round(overlay.fontSize * scale)}px`,
    lineHeight: overlay.lineHeight,
    textAlign: overlay.textAlign,
    color: overlay.color,
    ...outlineStyle(overlay.outline.thickness, overlay.outline.color, scale),
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
