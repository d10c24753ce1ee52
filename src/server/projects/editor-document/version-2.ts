import { z } from 'zod';

/**
 * The editor document as issue 14 saved it (`version: 2`): timed, wrapped, animated text overlays, the
 * clip's own sound and no music. Frozen: these are the rules documents were saved under, whatever
 * today's constants say.
 */
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);
export const range = (min: number, max: number) => z.number().min(min).max(max);
const animation = z.object({ kind: z.enum(['none', 'fade', 'pop', 'slide-up', 'typewriter']), duration: range(0.1, 3) }).strict();

export const overlayV2 = z
  .object({
    id: z.string().min(1).max(64),
    text: z.string().max(500).refine((text) => text.split(/\r\n|\r|\n/).length <= 10, 'An overlay holds at most 10 lines of text'),
    fontSize: range(12, 120),
    color: hexColor,
    position: z.object({ x: range(0, 100), y: range(0, 100) }).strict(),
    fontFamily: z.enum(['Impact', 'Anton', 'Bebas Neue', 'Lobster', 'Oswald', 'Roboto Condensed', 'Montserrat', 'Permanent Marker']),
    textAlign: z.enum(['left', 'center', 'right']),
    lineHeight: range(1, 2.5),
    outline: z.object({ color: hexColor, thickness: range(0, 10) }).strict(),
    start: z.number().min(0),
    end: z.number(),
    boxWidth: range(10, 100),
    enter: animation,
    exit: animation,
  })
  .strict()
  .refine((overlay) => overlay.end >= overlay.start + 0.1 - 1e-9, { message: 'Text must show for at least 0.1 s', path: ['end'] });

export const editorDocumentV2Schema = z
  .object({
    version: z.literal(2),
    textOverlays: z.array(overlayV2).max(50),
    visualEffect: z.enum(['none', 'grayscale', 'sepia', 'vintage', 'blur']),
    trim: z
      .object({ start: z.number().min(0), end: z.number().min(0) })
      .strict()
      .refine((trim) => trim.end >= trim.start, 'Trim end must not be before its start'),
    audio: z.object({ volume: range(0, 1), isMuted: z.boolean() }).strict(),
    colorGrading: z.object({ brightness: range(0, 200), contrast: range(0, 200), saturation: range(0, 200) }).strict(),
  })
  .strict();
export type EditorDocumentV2 = z.infer<typeof editorDocumentV2Schema>;

/** Version 2 → 3: the edit gains a music lane, empty. */
export function upgradeV2(document: EditorDocumentV2): Omit<EditorDocumentV2, 'version'> & { version: 3; music: null } {
  return { ...document, version: 3, music: null };
}
