import { z } from 'zod';
import { MIN_OVERLAY_SECONDS } from '../../../shared/editor/editor-constants.ts';
import { fitOverlayText, roundSeconds } from '../../../shared/editor/editor-state.ts';
import type { EditorDocumentV2 } from './version-2.ts';

/**
 * The editor document as SPEC §3 first defined it (no `version` field): every overlay on screen for the
 * whole clip, lines breaking only where typed. Frozen: these are the rules documents were saved under,
 * whatever today's constants say.
 */
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const range = (min: number, max: number) => z.number().min(min).max(max);

const overlayV1 = z
  .object({
    id: z.string().min(1).max(64),
    text: z.string(),
    fontSize: range(12, 120),
    color: hexColor,
    position: z.object({ x: range(0, 100), y: range(0, 100) }).strict(),
    fontFamily: z.enum(['Impact', 'Anton', 'Bebas Neue', 'Lobster', 'Oswald', 'Roboto Condensed', 'Montserrat', 'Permanent Marker']),
    textAlign: z.enum(['left', 'center', 'right']),
    lineHeight: range(1, 2.5),
    outline: z.object({ color: hexColor, thickness: range(0, 10) }).strict(),
  })
  .strict();

export const editorDocumentV1Schema = z
  .object({
    version: z.literal(1).optional(),
    textOverlays: z.array(overlayV1).max(50),
    visualEffect: z.enum(['none', 'grayscale', 'sepia', 'vintage', 'blur']),
    trim: z.object({ start: z.number().min(0), end: z.number().min(0) }).strict(),
    audio: z.object({ volume: range(0, 1), isMuted: z.boolean() }).strict(),
    colorGrading: z.object({ brightness: range(0, 200), contrast: range(0, 200), saturation: range(0, 200) }).strict(),
  })
  .strict();
export type EditorDocumentV1 = z.infer<typeof editorDocumentV1Schema>;

/** A line as wide as the frame never wrapped in version 1, so its box is the whole frame wide. */
const V1_BOX_WIDTH = 100;
const STILL = { kind: 'none', duration: 0.5 } as const;

/**
 * Version 1 → 2: each overlay shows for the whole output with no animation and wraps only what ran off
 * the frame. Text longer than today's bound keeps its first lines rather than the edit being lost.
 */
export function upgradeV1(document: EditorDocumentV1): EditorDocumentV2 {
  const length = Math.max(MIN_OVERLAY_SECONDS, roundSeconds(Math.max(0, document.trim.end - document.trim.start)));
  const textOverlays = document.textOverlays.map(
    (overlay): EditorDocumentV2['textOverlays'][number] => ({
      ...overlay,
      text: fitOverlayText(overlay.text),
      start: 0,
      end: length,
      boxWidth: V1_BOX_WIDTH,
      enter: STILL,
      exit: STILL,
    }),
  );
  const { version: _version, ...rest } = document;
  return { ...rest, version: 2, textOverlays };
}
