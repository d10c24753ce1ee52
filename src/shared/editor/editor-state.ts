import { z } from 'zod';
import {
  DEFAULT_ANIMATION_SECONDS,
  DEFAULT_BOX_WIDTH,
  EDITOR_DOCUMENT_VERSION,
  FONT_FAMILIES,
  MAX_OVERLAYS,
  MAX_OVERLAY_LINES,
  MAX_OVERLAY_TEXT,
  MIN_MUSIC_SECONDS,
  MIN_OVERLAY_SECONDS,
  RANGES,
  TEXT_ALIGNMENTS,
  TEXT_ANIMATIONS,
  VISUAL_EFFECTS,
} from './editor-constants.ts';

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
 * 1080 (DESIGN §5). `start`/`end` are seconds on the output timeline (0 is the trim's In point); lines
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
 * The music lane (editor document version 3): a piece of a music track (SPEC §3 MusicTrack) under the clip.
 * `start`/`end` are seconds on the output timeline, like a text overlay's; `trackIn`/`trackOut` are the
 * piece of the track used, in seconds into the track. With `loop` the piece repeats until `end`; without
 * it the music stops when the piece runs out, if that comes first (see `musicSpan`). `volume` is the
 * music's level in the mix beside the clip's own sound; `duck` lowers it while the clip's sound is loud.
 */
const musicPlacementSchema = z
  .object({
    trackId: z.string().min(1).max(64),
    start: z.number().min(0, 'Music start must be at least 0'),
    end: z.number(),
    trackIn: z.number().min(0, 'The music must start at least 0 s into its track'),
    trackOut: z.number(),
    volume: between(RANGES.volume),
    fadeIn: between(RANGES.musicFade),
    fadeOut: between(RANGES.musicFade),
    loop: z.boolean(),
    duck: z.boolean(),
  })
  .strict()
  .refine((music) => music.end >= music.start + MIN_MUSIC_SECONDS - 1e-9, {
    message: `Music must play for at least ${MIN_MUSIC_SECONDS} s (its end after its start)`,
    path: ['end'],
  })
  .refine((music) => music.trackOut >= music.trackIn + MIN_MUSIC_SECONDS - 1e-9, {
    message: `The piece of the track must be at least ${MIN_MUSIC_SECONDS} s long`,
    path: ['trackOut'],
  });
export type MusicPlacement = z.infer<typeof musicPlacementSchema>;

/** Editor state (SPEC §3), the current version of the editor document: saved with PATCH /api/projects/{id}, rendered by the export. */
export const editorStateSchema = z
  .object({
    version: z.literal(EDITOR_DOCUMENT_VERSION),
    textOverlays: z.array(textOverlaySchema).max(MAX_OVERLAYS, `At most ${MAX_OVERLAYS} text overlays`),
    visualEffect: z.enum(VISUAL_EFFECTS),
    trim: z
      .object({ start: z.number().min(0, 'Trim start must be at least 0'), end: z.number().min(0) })
      .strict()
      .refine((trim) => trim.end >= trim.start, 'Trim end must not be before its start'),
    audio: z.object({ volume: between(RANGES.volume), isMuted: z.boolean() }).strict(),
    colorGrading: colorGradingSchema,
    music: musicPlacementSchema.nullable(),
  })
  .strict();
export type EditorState = z.infer<typeof editorStateSchema>;


export const DEFAULT_COLOR_GRADING: ColorGrading = { brightness: 100, contrast: 100, saturation: 100 };

/** The state of a project nobody has edited yet: the whole clip, untouched. */
export function defaultEditorState(durationSeconds: number): EditorState {
  return {
    version: EDITOR_DOCUMENT_VERSION,
    textOverlays: [],
    visualEffect: 'none',
    trim: { start: 0, end: durationSeconds },
    audio: { volume: 1, isMuted: false },
    colorGrading: { ...DEFAULT_COLOR_GRADING },
    music: null,
  };
}

/** The output's length: what is left of the clip after the trim. */
export function outputDuration(state: Pick<EditorState, 'trim'>): number {
  return Math.max(0, state.trim.end - state.trim.start);
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
