import { z } from 'zod';
import {
  FONT_FAMILIES,
  MAX_OVERLAYS,
  MAX_OVERLAY_LINES,
  MAX_OVERLAY_TEXT,
  RANGES,
  TEXT_ALIGNMENTS,
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

/**
 * A text overlay (SPEC §3). `position` is the centre of the text box in percent of the frame;
 * `fontSize` and outline `thickness` are pixels on a frame whose short side is 1080 (DESIGN §5).
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
  })
  .strict();
export type TextOverlay = z.infer<typeof textOverlaySchema>;

export const colorGradingSchema = z
  .object({ brightness: between(RANGES.grade), contrast: between(RANGES.grade), saturation: between(RANGES.grade) })
  .strict();
export type ColorGrading = z.infer<typeof colorGradingSchema>;

/** Editor state (SPEC §3): saved with PATCH /api/projects/{id}, rendered by the export. */
export const editorStateSchema = z
  .object({
    textOverlays: z.array(textOverlaySchema).max(MAX_OVERLAYS, `At most ${MAX_OVERLAYS} text overlays`),
    visualEffect: z.enum(VISUAL_EFFECTS),
    trim: z
      .object({ start: z.number().min(0, 'Trim start must be at least 0'), end: z.number().min(0) })
      .strict()
      .refine((trim) => trim.end >= trim.start, 'Trim end must not be before its start'),
    audio: z.object({ volume: between(RANGES.volume), isMuted: z.boolean() }).strict(),
    colorGrading: colorGradingSchema,
  })
  .strict();
export type EditorState = z.infer<typeof editorStateSchema>;

export const updateEditorStateRequestSchema = z.object({ editorState: editorStateSchema }).strict();

export const DEFAULT_COLOR_GRADING: ColorGrading = { brightness: 100, contrast: 100, saturation: 100 };

/** The state of a project nobody has edited yet: the whole clip, untouched. */
export function defaultEditorState(durationSeconds: number): EditorState {
  return {
    textOverlays: [],
    visualEffect: 'none',
    trim: { start: 0, end: durationSeconds },
    audio: { volume: 1, isMuted: false },
    colorGrading: { ...DEFAULT_COLOR_GRADING },
  };
}

/** A new overlay with SPEC §3's defaults. */
export function newTextOverlay(id: string): TextOverlay {
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
  };
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
