import { z } from 'zod';
import { SHOT_DURATIONS } from '../generation.ts';
import { timedWordSchema } from './speech.ts';

const MEDIA_KINDS = ['video', 'audio', 'image'] as const;
/** `imported`: a copy of a clip from another of the owner's projects (POST /api/projects/{id}/media/import). */
const MEDIA_ORIGINS = ['generated', 'uploaded', 'continuation', 'extension', 'voice', 'imported'] as const;
const MEDIA_STATUSES = ['generating', 'ready', 'error'] as const;

/** One clip a project holds, as GET /api/projects/{id}/media lists it (issue 26). */
const mediaAssetSchema = z.object({
  id: z.string(),
  kind: z.enum(MEDIA_KINDS),
  origin: z.enum(MEDIA_ORIGINS),
  status: z.enum(MEDIA_STATUSES),
  /** Why it failed, when it did. */
  message: z.string().optional(),
  /** Seconds; while generating, the length asked for. */
  duration: z.number(),
  /** Null until the file is there and probed. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  hasAudio: z.boolean().nullable(),
  /** An uploaded clip's name, from its file's name (issue 42.17). */
  title: z.string().optional(),
  prompt: z.string().optional(),
  videoUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  /** A voice-over's words, in seconds into its audio, once it is ready (issue 27). */
  words: z.array(timedWordSchema).optional(),
  /**
   * A clip asked to join the sequence when ready: the shot it follows, which of the project's placed shots it
   * became (null until the server appended it to the saved edit), and why it was left out when the edit could not
   * take it (the video would pass 10 minutes, the sequence is full); it stays in the media bin.
   */
  sequence: z.object({ afterShotId: z.string().nullable(), placed: z.number().int().nullable(), notPlaced: z.string().optional() }).optional(),
});
export type MediaAsset = z.infer<typeof mediaAssetSchema>;

/** A project holds at most this many clips that are ready or being made (its failed ones do not count). */
export const MAX_PROJECT_MEDIA = 100;

export const mediaListResponseSchema = z.object({ media: z.array(mediaAssetSchema) });
export const mediaResponseSchema = z.object({ media: mediaAssetSchema });

const SHOT_DURATION_MESSAGE = 'Duration must be 4, 6 or 8 seconds';

/** Appends the clip to the saved edit as soon as it is ready, after the shot named (last, if that one is gone by then). */
const addToSequenceSchema = z
  .object({
    afterShotId: z.string({ error: 'addToSequence.afterShotId must be a shot id or null' }).min(1).max(64, 'addToSequence.afterShotId is too long').nullable(),
  })
  .optional();

/** POST /api/projects/{id}/media/generate: a shot from a prompt, optionally starting on a frame of another asset. */
export const generateMediaRequestSchema = z.object({
  prompt: z.string({ error: 'Prompt is required' }).trim().min(1, 'Prompt is required').max(2000, 'Prompt is too long'),
  duration: z.coerce
    .number({ error: SHOT_DURATION_MESSAGE })
    .refine((value) => (SHOT_DURATIONS as readonly number[]).includes(value), SHOT_DURATION_MESSAGE),
  continueFrom: z
    .object({
      mediaId: z.string({ error: 'continueFrom.mediaId is required' }).min(1, 'continueFrom.mediaId is required').max(64),
      at: z.number({ error: 'continueFrom.at must be a number of seconds' }).finite().min(0, 'continueFrom.at must be 0 or more').optional(),
    })
    .optional(),
  addToSequence: addToSequenceSchema,
});
export type GenerateMediaRequest = z.output<typeof generateMediaRequestSchema>;

/** The longest name an uploaded clip keeps. */
export const MEDIA_TITLE_MAX = 120;

/** Control characters and the marks that reorder text around them: a file's name is shown as plain text. */
const UNPRINTABLE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** POST /api/projects/{id}/media/complete-upload, after POST /api/videos/upload and its PUT. */
export const completeMediaUploadRequestSchema = z.object({
  videoURL: z.string({ error: 'Valid video URL is required' }).url('Valid video URL is required'),
  /** What to call the clip (the client sends its file's name); blank or absent leaves it unnamed. */
  title: z
    .string({ error: 'Title must be text' })
    .transform((title) => title.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(MEDIA_TITLE_MAX, `Title must be at most ${String(MEDIA_TITLE_MAX)} characters`))
    .optional()
    .transform((title) => title || undefined),
  addToSequence: addToSequenceSchema,
});

/** POST /api/projects/{id}/media/import: a copy of one of the caller's ready videos in another of their projects. */
export const importMediaRequestSchema = z.object({
  mediaId: z.string({ error: 'mediaId is required' }).min(1, 'mediaId is required').max(64),
});

/**
 * GET /api/projects/{id}/media/importable: the caller's ready videos in their other projects, newest first, each
 * with the project it is in, so a creator can bring one into this project.
 */
export const importableMediaResponseSchema = z.object({
  clips: z.array(mediaAssetSchema.extend({ projectId: z.string(), projectTitle: z.string() })),
});
export type ImportableClip = z.infer<typeof importableMediaResponseSchema>['clips'][number];
