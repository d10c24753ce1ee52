import { z } from 'zod';
import { hexColor, overlayV2, range } from './version-2.ts';
import { shotV4 } from './version-4.ts';

/**
 * The editor document as issue 27 saved it (`version: 5`): version 4's sequence with a voice lane beside the music
 * and a captions track. Frozen: these are the rules documents were saved under, whatever today's constants say.
 */
const audioClipFieldsV5 = {
  id: z.string().min(1).max(64),
  start: z.number().min(0),
  end: z.number(),
  sourceIn: z.number().min(0),
  sourceOut: z.number(),
  volume: range(0, 1),
  fadeIn: range(0, 10),
  fadeOut: range(0, 10),
  loop: z.boolean(),
  duck: z.boolean(),
};

const audioClipV5 = z
  .discriminatedUnion('lane', [
    z.object({ ...audioClipFieldsV5, lane: z.literal('music'), source: z.object({ trackId: z.string().min(1).max(64) }).strict() }).strict(),
    z.object({ ...audioClipFieldsV5, lane: z.literal('voice'), source: z.object({ mediaId: z.string().min(1).max(64) }).strict() }).strict(),
  ])
  .refine((clip) => clip.end >= clip.start + 0.5 - 1e-9, { message: 'An audio clip must play for at least 0.5 s (its end after its start)', path: ['end'] })
  .refine((clip) => clip.sourceOut >= clip.sourceIn + 0.5 - 1e-9, { message: "The piece of an audio clip's source must be at least 0.5 s long", path: ['sourceOut'] });

const captionWordV5 = z
  .object({ text: z.string().min(1).max(40), start: z.number().min(0), end: z.number(), emphasis: z.boolean() })
  .strict()
  .refine((word) => word.end > word.start, { message: 'A caption word must end after it starts', path: ['end'] });

const captionTrackV5 = z
  .object({
    lines: z.array(z.object({ id: z.string().min(1).max(64), words: z.array(captionWordV5).min(1) }).strict()),
    style: z
      .object({
        look: z.enum(['karaoke', 'pop', 'word', 'boxed', 'plain']),
        fontFamily: z.enum(['Impact', 'Anton', 'Bebas Neue', 'Lobster', 'Oswald', 'Roboto Condensed', 'Montserrat', 'Permanent Marker']),
        fontSize: range(12, 120),
        color: hexColor,
        highlightColor: hexColor,
        emphasisColor: hexColor,
        outline: z.object({ color: hexColor, thickness: range(0, 10) }).strict(),
        background: z.object({ color: hexColor, opacity: range(0, 1) }).strict().nullable(),
        position: z.object({ x: range(0, 100), y: range(0, 100) }).strict(),
        boxWidth: range(10, 100),
        wordsPerLine: z.number().int().min(1).max(8),
        upperCase: z.boolean(),
      })
      .strict(),
  })
  .strict()
  .refine((track) => track.lines.reduce((sum, line) => sum + line.words.length, 0) <= 1000, 'Captions hold at most 1000 words');

export const editorDocumentV5Schema = z
  .object({
    version: z.literal(5),
    shots: z.array(shotV4).min(1).max(40),
    audioClips: z.array(audioClipV5).max(20),
    textOverlays: z.array(overlayV2).max(50),
    visualEffect: z.enum(['none', 'grayscale', 'sepia', 'vintage', 'blur']),
    colorGrading: z.object({ brightness: range(0, 200), contrast: range(0, 200), saturation: range(0, 200) }).strict(),
    captions: captionTrackV5.nullable(),
  })
  .strict();
type EditorDocumentV5 = z.infer<typeof editorDocumentV5Schema>;

/**
 * Version 5 → 6: a voice clip's `duck`, unused until now (every client wrote false), says whether the shots' own
 * sound is lowered while it speaks (decision 051); every voice-over saved before does, as a new one does. Captions
 * record the voice-over they were made from (`voice`, decision 055); nothing recorded it before, so a version 5
 * track follows no voice-over: every word shows where it is, as it did.
 */
export function upgradeV5(document: EditorDocumentV5) {
  return {
    ...document,
    version: 6,
    audioClips: document.audioClips.map((clip) => (clip.lane === 'voice' ? { ...clip, duck: true } : clip)),
    captions: document.captions ? { ...document.captions, voice: null } : null,
  };
}
