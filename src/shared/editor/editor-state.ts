import { z } from 'zod';
import {
  DEFAULT_ANIMATION_SECONDS,
  DEFAULT_BOX_WIDTH,
  DEFAULT_TRANSITION_SECONDS,
  EDITOR_DOCUMENT_VERSION,
  FONT_FAMILIES,
  MAX_AUDIO_CLIPS,
  MAX_OVERLAYS,
  MAX_OVERLAY_LINES,
  MAX_OVERLAY_TEXT,
  MAX_SHOTS,
  MIN_MUSIC_SECONDS,
  MIN_OVERLAY_SECONDS,
  RANGES,
  TEXT_ALIGNMENTS,
  TEXT_ANIMATIONS,
  TRANSITION_KINDS,
  VISUAL_EFFECTS,
} from './editor-constants.ts';
import { captionTrackSchema } from '../captions/caption-track.ts';
import { layoutSequence } from './time-map.ts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colours are #RRGGBB');
const percent = z.number().min(0).max(100);
const between = (range: { min: number; max: number }) => z.number().min(range.min).max(range.max);

/** An overlay's lines exactly as `white-space: pre` breaks them: at line feeds only (CR LF and a lone CR count as one). */
export function overlayLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Overlay text cut to what the schema accepts: its first lines and characters. */
export function fitOverlayText(text: string): string {
  const cut = text.slice(0, MAX_OVERLAY_TEXT);
  const lines = overlayLines(cut);
  return lines.length <= MAX_OVERLAY_LINES ? cut : lines.slice(0, MAX_OVERLAY_LINES).join('\n');
}

/** An entrance or exit: what moves, and for how many seconds. */
const textAnimationSchema = z
  .object({ kind: z.enum(TEXT_ANIMATIONS), duration: between(RANGES.animationDuration) })
  .strict();
export type TextAnimation = z.infer<typeof textAnimationSchema>;

/**
 * A text overlay (SPEC §3, editor document version 2). `position` is the centre of the text box in
 * percent of the frame; `fontSize` and outline `thickness` are pixels on a frame whose short side is
 * 1080 (DESIGN §5). `start`/`end` are seconds on the output timeline (0 is the first shot's first frame); lines
 * wrap at `boxWidth` percent of the frame's width, and the box is as wide as its widest line.
 */
export const textOverlaySchema = z
  .object({
    id: z.string().min(1).max(64),
    text: z
      .string()
      .max(MAX_OVERLAY_TEXT, `An overlay holds at most ${MAX_OVERLAY_TEXT} characters`)
      .refine((text) => overlayLines(text).length <= MAX_OVERLAY_LINES, `An overlay holds at most ${MAX_OVERLAY_LINES} lines of text`),
    fontSize: between(RANGES.fontSize),
    color: hexColor,
    position: z.object({ x: percent, y: percent }).strict(),
    fontFamily: z.enum(FONT_FAMILIES),
    textAlign: z.enum(TEXT_ALIGNMENTS),
    lineHeight: between(RANGES.lineHeight),
    outline: z.object({ color: hexColor, thickness: between(RANGES.outlineThickness) }).strict(),
    start: z.number().min(0, 'Text start must be at least 0'),
    end: z.number(),
    boxWidth: between(RANGES.boxWidth),
    enter: textAnimationSchema,
    exit: textAnimationSchema,
  })
  .strict()
  .refine((overlay) => overlay.end >= overlay.start + MIN_OVERLAY_SECONDS - 1e-9, {
    message: `Text must show for at least ${MIN_OVERLAY_SECONDS} s (its end after its start)`,
    path: ['end'],
  });
export type TextOverlay = z.infer<typeof textOverlaySchema>;

export const colorGradingSchema = z
  .object({ brightness: between(RANGES.grade), contrast: between(RANGES.grade), saturation: between(RANGES.grade) })
  .strict();
export type ColorGrading = z.infer<typeof colorGradingSchema>;

/**
 * A shot of the sequence (editor document version 4): a cut of one of the project's media assets, in play order.
 * `in`/`out` are seconds into the asset (the only times in the document not on the output timeline); `volume`
 * and `muted` are its own sound's; `transition` is how it comes in from the shot before it (ignored on the first
 * shot, and held within what both neighbours allow: time-map.ts).
 */
const shotSchema = z
  .object({
    id: z.string().min(1).max(64),
    mediaId: z.string().min(1).max(64),
    in: z.number().min(0, 'A shot must start at least 0 s into its clip'),
    out: z.number(),
    volume: between(RANGES.volume),
    muted: z.boolean(),
    transition: z.object({ kind: z.enum(TRANSITION_KINDS), duration: between(RANGES.transitionDuration) }).strict(),
  })
  .strict()
  .refine((shot) => shot.out >= shot.in, { message: 'A shot must not end before it starts', path: ['out'] });
export type Shot = z.infer<typeof shotSchema>;

/** What every audio clip has, whatever its lane. */
const audioClipFields = {
  id: z.string().min(1).max(64),
  start: z.number().min(0, 'An audio clip must start at 0 s or later'),
  end: z.number(),
  sourceIn: z.number().min(0, 'An audio clip must start at least 0 s into its source'),
  sourceOut: z.number(),
  volume: between(RANGES.volume),
  fadeIn: between(RANGES.musicFade),
  fadeOut: between(RANGES.musicFade),
  loop: z.boolean(),
  duck: z.boolean(),
};

/**
 * A clip on an audio lane (version 4; the music lane was version 3's one `music` placement, the voice lane came with
 * version 5): a piece of a source under the sequence — a library or uploaded track on the music lane, a voice-over
 * (one of the project's media assets) on the voice lane. `start`/`end` are seconds on the output timeline;
 * `sourceIn`/`sourceOut` the piece of the source used. With `loop` the piece repeats until `end`; without it the
 * clip stops when the piece runs out, if that comes first (see `musicSpan`). `volume` is its level in the mix beside
 * the shots' own sound. `duck` on a music clip lowers it while the shots' sound is loud or a voice speaks; on a voice
 * clip (version 6) it lowers the shots' own sound while the voice speaks (voice-ducking.ts, decision 051).
 */
const audioClipSchema = z
  .discriminatedUnion('lane', [
    z.object({ ...audioClipFields, lane: z.literal('music'), source: z.object({ trackId: z.string().min(1).max(64) }).strict() }).strict(),
    z.object({ ...audioClipFields, lane: z.literal('voice'), source: z.object({ mediaId: z.string().min(1).max(64) }).strict() }).strict(),
  ])
  .refine((clip) => clip.end >= clip.start + MIN_MUSIC_SECONDS - 1e-9, {
    message: `An audio clip must play for at least ${MIN_MUSIC_SECONDS} s (its end after its start)`,
    path: ['end'],
  })
  .refine((clip) => clip.sourceOut >= clip.sourceIn + MIN_MUSIC_SECONDS - 1e-9, {
    message: `The piece of an audio clip's source must be at least ${MIN_MUSIC_SECONDS} s long`,
    path: ['sourceOut'],
  });
export type AudioClip = z.infer<typeof audioClipSchema>;
export type MusicClip = Extract<AudioClip, { lane: 'music' }>;
export type VoiceClip = Extract<AudioClip, { lane: 'voice' }>;

/** Editor state (SPEC §3), the current version of the editor document: saved with PATCH /api/projects/{id}, rendered by the export. */
export const editorStateSchema = z
  .object({
    version: z.literal(EDITOR_DOCUMENT_VERSION),
    shots: z.array(shotSchema).min(1, 'The sequence needs at least one shot').max(MAX_SHOTS, `At most ${MAX_SHOTS} shots`),
    audioClips: z.array(audioClipSchema).max(MAX_AUDIO_CLIPS, `At most ${MAX_AUDIO_CLIPS} audio clips`),
    textOverlays: z.array(textOverlaySchema).max(MAX_OVERLAYS, `At most ${MAX_OVERLAYS} text overlays`),
    visualEffect: z.enum(VISUAL_EFFECTS),
    colorGrading: colorGradingSchema,
    /** Word-by-word captions on the output timeline (version 5); null until the creator makes some. */
    captions: captionTrackSchema.nullable(),
  })
  .strict();
export type EditorState = z.infer<typeof editorStateSchema>;

export const DEFAULT_COLOR_GRADING: ColorGrading = { brightness: 100, contrast: 100, saturation: 100 };

/** A shot of the whole of a clip, at full volume, cut in. */
export function newShot(id: string, mediaId: string, durationSeconds: number): Shot {
  return { id, mediaId, in: 0, out: durationSeconds, volume: 1, muted: false, transition: { kind: 'cut', duration: DEFAULT_TRANSITION_SECONDS } };
}

/**
 * The state of a project nobody has edited yet: one shot of the whole of its own clip (the media asset whose id
 * is the project's, decision 038), untouched.
 */
export function defaultEditorState(projectId: string, durationSeconds: number): EditorState {
  return {
    version: EDITOR_DOCUMENT_VERSION,
    shots: [newShot('shot-1', projectId, durationSeconds)],
    audioClips: [],
    textOverlays: [],
    visualEffect: 'none',
    colorGrading: { ...DEFAULT_COLOR_GRADING },
    captions: null,
  };
}

/** The output's length: the shots' lengths less their transitions' overlaps (time-map.ts). */
export function outputDuration(state: Pick<EditorState, 'shots'>): number {
  return layoutSequence(state.shots).duration;
}

/** The music lane's clips, in the document's order. */
export function musicClips(state: Pick<EditorState, 'audioClips'>): MusicClip[] {
  return state.audioClips.filter((clip): clip is MusicClip => clip.lane === 'music');
}

/** The voice lane's clips, in the document's order. */
export function voiceClips(state: Pick<EditorState, 'audioClips'>): VoiceClip[] {
  return state.audioClips.filter((clip): clip is VoiceClip => clip.lane === 'voice');
}

/** A new overlay with SPEC §3's defaults, shown for the whole output (`outputSeconds` long). */
export function newTextOverlay(id: string, outputSeconds: number): TextOverlay {
  return {
    id,
    text: 'Click to style',
    fontSize: 48,
    color: '#FFFFFF',
    position: { x: 50, y: 50 },
    fontFamily: 'Impact',
    textAlign: 'center',
    lineHeight: 1.2,
    outline: { color: '#000000', thickness: 3 },
    start: 0,
    end: Math.max(MIN_OVERLAY_SECONDS, roundSeconds(outputSeconds)),
    boxWidth: DEFAULT_BOX_WIDTH,
    enter: { kind: 'none', duration: DEFAULT_ANIMATION_SECONDS },
    exit: { kind: 'none', duration: DEFAULT_ANIMATION_SECONDS },
  };
}

/** Times are kept to the millisecond, which the player and ffmpeg both resolve. */
export function roundSeconds(seconds: number): number {
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) / 1000 : 0;
}

/** Rounds to the slider's step and keeps the value inside its range. */
export function clampToRange(value: number, range: { min: number; max: number; step: number }): number {
  const stepped = Math.round((value - range.min) / range.step) * range.step + range.min;
  const clamped = Math.min(range.max, Math.max(range.min, stepped));
  return Number(clamped.toFixed(4));
}

/** SPEC §5: start at least 0; end at least start and at most the video's length. */
export function clampTrim(trim: { start: number; end: number }, durationSeconds: number): { start: number; end: number } {
  const end = Math.min(durationSeconds, Math.max(0, trim.end));
  const start = Math.min(end, Math.max(0, trim.start));
  return { start, end };
}
