import { z } from 'zod';
import { overlayV2, range } from './version-2.ts';

/**
 * The editor document as issue 26 saved it (`version: 4`): a sequence of shots with transitions, a music lane of
 * clips, and version 2's overlays, effect and grade. Frozen: these are the rules documents were saved under,
 * whatever today's constants say.
 */
export const shotV4 = z
  .object({
    id: z.string().min(1).max(64),
    mediaId: z.string().min(1).max(64),
    in: z.number().min(0),
    out: z.number(),
    volume: range(0, 1),
    muted: z.boolean(),
    transition: z.object({ kind: z.enum(['cut', 'crossfade', 'fade-black', 'slide-left', 'slide-up', 'zoom']), duration: range(0.2, 2) }).strict(),
  })
  .strict()
  .refine((shot) => shot.out >= shot.in, { message: 'A shot must not end before it starts', path: ['out'] });

export const musicClipV4 = z
  .object({
    id: z.string().min(1).max(64),
    lane: z.literal('music'),
    source: z.object({ trackId: z.string().min(1).max(64) }).strict(),
    start: z.number().min(0),
    end: z.number(),
    sourceIn: z.number().min(0),
    sourceOut: z.number(),
    volume: range(0, 1),
    fadeIn: range(0, 10),
    fadeOut: range(0, 10),
    loop: z.boolean(),
    duck: z.boolean(),
  })
  .strict()
  .refine((clip) => clip.end >= clip.start + 0.5 - 1e-9, { message: 'Music must play for at least 0.5 s', path: ['end'] })
  .refine((clip) => clip.sourceOut >= clip.sourceIn + 0.5 - 1e-9, { message: 'The piece of the track must be at least 0.5 s long', path: ['sourceOut'] });

export const editorDocumentV4Schema = z
  .object({
    version: z.literal(4),
    shots: z.array(shotV4).min(1).max(40),
    audioClips: z.array(musicClipV4).max(20),
    textOverlays: z.array(overlayV2).max(50),
    visualEffect: z.enum(['none', 'grayscale', 'sepia', 'vintage', 'blur']),
    colorGrading: z.object({ brightness: range(0, 200), contrast: range(0, 200), saturation: range(0, 200) }).strict(),
  })
  .strict();
type EditorDocumentV4 = z.infer<typeof editorDocumentV4Schema>;

/** Version 4 → 5: the edit gains a captions track, empty, and its audio lanes may now hold voice-overs. */
export function upgradeV4(document: EditorDocumentV4) {
  return { ...document, version: 5, captions: null };
}
