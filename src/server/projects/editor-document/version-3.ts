import { z } from 'zod';
import { editorDocumentV2Schema, range } from './version-2.ts';

/**
 * The editor document as issue 17 saved it (`version: 3`): version 2's one clip and its trim, and one music
 * placement under it. Frozen: these are the rules documents were saved under, whatever today's constants say.
 */
const musicV3 = z
  .object({
    trackId: z.string().min(1).max(64),
    start: z.number().min(0),
    end: z.number(),
    trackIn: z.number().min(0),
    trackOut: z.number(),
    volume: range(0, 1),
    fadeIn: range(0, 10),
    fadeOut: range(0, 10),
    loop: z.boolean(),
    duck: z.boolean(),
  })
  .strict()
  .refine((music) => music.end >= music.start + 0.5 - 1e-9, { message: 'Music must play for at least 0.5 s', path: ['end'] })
  .refine((music) => music.trackOut >= music.trackIn + 0.5 - 1e-9, { message: 'The piece of the track must be at least 0.5 s long', path: ['trackOut'] });

export const editorDocumentV3Schema = editorDocumentV2Schema.extend({ version: z.literal(3), music: musicV3.nullable() });
type EditorDocumentV3 = z.infer<typeof editorDocumentV3Schema>;

/** What an upgrade needs to know beyond the document: the project it belongs to. */
export interface UpgradeContext {
  projectId: string;
}

/**
 * Version 3 → 4: the project's one clip (its own media asset, whose id is the project's) becomes the first and
 * only shot, cut as the trim was, with the clip's volume and mute; the music becomes the one clip of the music
 * lane. Every time stays where it was on the output timeline.
 */
export function upgradeV3(document: EditorDocumentV3, { projectId }: UpgradeContext) {
  const { trim, audio, music, version: _version, ...kept } = document;
  return {
    ...kept,
    version: 4,
    shots: [
      {
        id: 'shot-1',
        mediaId: projectId,
        in: trim.start,
        out: trim.end,
        volume: audio.volume,
        muted: audio.isMuted,
        transition: { kind: 'cut', duration: 0.5 },
      },
    ],
    audioClips: music
      ? [
          {
            id: 'music-1',
            lane: 'music',
            source: { trackId: music.trackId },
            start: music.start,
            end: music.end,
            sourceIn: music.trackIn,
            sourceOut: music.trackOut,
            volume: music.volume,
            fadeIn: music.fadeIn,
            fadeOut: music.fadeOut,
            loop: music.loop,
            duck: music.duck,
          },
        ]
      : [],
  };
}
