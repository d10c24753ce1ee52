import { z } from 'zod';
import { colorGradingSchema, editorStateSchema, textOverlaySchema } from '../editor/editor-state.ts';
import { editorDocumentSchema } from './project.ts';
import { MAX_OVERLAYS, RANGES, VISUAL_EFFECTS } from '../editor/editor-constants.ts';

/**
 * SPEC §7's trim (In and Out, seconds into the clip) and the clip's sound, no longer in the editor document
 * (version 4): the editor shows the first shot's cut and the sequence's sound (`sequenceSound`) as them.
 */
const trimSchema = z
  .object({ start: z.number().min(0, 'Trim start must be at least 0'), end: z.number().min(0) })
  .strict()
  .refine((trim) => trim.end >= trim.start, 'Trim end must not be before its start');
const audioSchema = z.object({ volume: z.number().min(RANGES.volume.min).max(RANGES.volume.max), isMuted: z.boolean() }).strict();

/**
 * What the AI features know about the video being edited (SPEC §7 videoContext): the edit as it is on
 * screen, within the editor's own ranges, so no rule ever reads a number no editor could hold.
 */
export const videoContextSchema = z
  .object({
    title: z.string().max(200),
    prompt: z.string().max(2000),
    aspectRatio: z.string().max(10),
    duration: z.number().min(0).max(600),
    textOverlays: z.array(textOverlaySchema).max(MAX_OVERLAYS).default([]),
    visualEffect: z.enum(VISUAL_EFFECTS).default('none'),
    trim: trimSchema.optional(),
    colorGrading: colorGradingSchema.optional(),
    audio: audioSchema.optional(),
  })
  .refine((context) => !context.trim || context.trim.end <= context.duration, {
    message: "Trim end must be at most the video's length",
    path: ['trim', 'end'],
  });
export type VideoContext = z.infer<typeof videoContextSchema>;

export const inspirePromptResponseSchema = z.object({ prompt: z.string() });

export const IMAGE_MODELS = {
  'gemini-2.5-flash-image': { label: 'Fast image model', credits: 1, width: 1024, height: 1024 },
  'dall-e-3-standard': { label: 'DALL·E 3 standard', credits: 1, width: 1024, height: 1024 },
  'dall-e-3-hd': { label: 'DALL·E 3 HD', credits: 2, width: 1024, height: 1792 },
} as const;
export type ImageModelName = keyof typeof IMAGE_MODELS;
export const IMAGE_MODEL_NAMES = Object.keys(IMAGE_MODELS) as [ImageModelName, ...ImageModelName[]];

export const generateImageRequestSchema = z.object({
  prompt: z.string({ error: 'Prompt is required' }).trim().min(1, 'Prompt is required').max(2000, 'Prompt is too long'),
  model: z.enum(IMAGE_MODEL_NAMES, { error: 'Unknown image model' }),
});
export const generateImageResponseSchema = z.object({ imageUrl: z.string() });

export const assistantRequestSchema = z.object({
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(4000, 'Message is too long'),
  videoContext: videoContextSchema,
});
export const assistantResponseSchema = z.object({ response: z.string() });

/** What auto-apply can do; every suggestion names one of these. */
export const SUGGESTION_TYPES = ['text-overlay', 'effect', 'trim', 'grade', 'audio'] as const;
const suggestionSchema = z.object({
  type: z.enum(SUGGESTION_TYPES),
  title: z.string().min(1).max(120),
  description: z.string().min(1).max(600),
  example: z.string().max(300).optional(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestImprovementsRequestSchema = z.object({ videoContext: videoContextSchema });
/** A text model's answer: 3–5 suggestions, most useful first. */
export const modelSuggestionsSchema = z.object({ suggestions: z.array(suggestionSchema).min(3).max(5) });
/** The API's answer: the model's suggestions less those the edit already has, so possibly none. */
export const suggestionsResponseSchema = z.object({ suggestions: z.array(suggestionSchema).max(5) });

/** SPEC §7 sends `currentEditorState` without a version: any version the codec reads is taken, as by PATCH. */
export const autoApplyRequestSchema = z.object({ suggestion: suggestionSchema, currentEditorState: editorDocumentSchema });
export const autoApplyResponseSchema = z.object({ editorState: editorStateSchema, creditsUsed: z.number().int().min(0) });
/** The preview: the edit auto-apply would save, and the credits keeping it would cost now (0 for Pro or no change). */
export const autoApplyPreviewResponseSchema = z.object({ editorState: editorStateSchema, credits: z.number().int().min(0) });

export const extendRequestSchema = z.object({
  prompt: z.string({ error: 'Prompt is required' }).trim().min(1, 'Prompt is required').max(2000, 'Prompt is too long'),
});

export const SUGGESTION_COST = 10;
const EXTENSION_COST = 12;
export const EXTENSION_SECONDS = 8;
export const MAX_EXTENDED_DURATION = 148;

/**
 * How an extension makes the shot it appends: Veo's own video extension (7 s, when the last shot plays to its end a
 * clip Veo made that the provider still keeps), or a new shot started from the last shot's last frame (8 s, or what
 * is left up to 148 s of output).
 */
const EXTENSION_METHODS = ['veo-extension', 'last-frame'] as const;

/** Credits follow what is added: 12 for 8 s, so 11 for Veo's 7 s and 6 for the last 4 s up to 148. */
export function extensionCredits(seconds: number): number {
  return Math.max(0, Math.ceil((EXTENSION_COST * seconds) / EXTENSION_SECONDS - 1e-9));
}

/** What extending a project now would add and cost this user (0 credits for Pro). */
export const extensionQuoteSchema = z.object({
  method: z.enum(EXTENSION_METHODS),
  seconds: z.number().positive(),
  credits: z.number().int().min(0),
});
export type ExtensionQuote = z.infer<typeof extensionQuoteSchema>;
