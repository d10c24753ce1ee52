import { z } from 'zod';
import { editorStateSchema } from '../editor/editor-state.ts';
import {
  VIDEO_ASPECT_RATIOS,
  VIDEO_DURATIONS,
  VIDEO_MODEL,
  VIDEO_PROVIDER,
  VIDEO_RESOLUTIONS,
} from '../generation.ts';
import { UPLOAD_ASPECT_RATIOS } from '../uploads.ts';

/** The longest a project's title may be. */
export const PROJECT_TITLE_MAX = 120;

const PROJECT_STATUSES = ['generating', 'ready', 'error'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

const DURATION_MESSAGE = 'Duration must be 8, 15, 30, 60, 90, 120, or 180 seconds';

/** POST /api/projects (SPEC §5). */
export const createProjectRequestSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(PROJECT_TITLE_MAX, 'Title is too long'),
  prompt: z.string({ error: 'Prompt is required' }).trim().min(1, 'Prompt is required').max(2000, 'Prompt is too long'),
  aspectRatio: z.enum(VIDEO_ASPECT_RATIOS, { error: 'Aspect ratio must be 9:16 or 16:9' }),
  duration: z.coerce
    .number({ error: DURATION_MESSAGE })
    .refine((value) => (VIDEO_DURATIONS as readonly number[]).includes(value), DURATION_MESSAGE),
  provider: z.literal(VIDEO_PROVIDER, { error: 'Provider must be veo' }).default(VIDEO_PROVIDER),
  model: z.literal(VIDEO_MODEL, { error: 'Model must be veo-3.1-fast' }).default(VIDEO_MODEL),
  resolution: z.enum(VIDEO_RESOLUTIONS, { error: 'Resolution must be 720p or 1080p' }).default('720p'),
});

/** One project as GET /api/projects/{id} returns it. */
export const projectSchema = z.object({
  id: z.string(),
  title: z.string(),
  prompt: z.string(),
  status: z.enum(PROJECT_STATUSES),
  aspectRatio: z.string(),
  /** The sequence's length on the output (the edit's shots less their transitions); the whole clip before the first edit. */
  duration: z.number(),
  /** Streams the video (GET /api/video-proxy/{id}); null until there is one (a video being extended streams its current clip). */
  videoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  source: z.string(),
  provider: z.string(),
  model: z.string(),
  resolution: z.string(),
  targetDuration: z.number().nullable(),
  totalSegments: z.number().int(),
  currentSegment: z.number().int(),
  generationProgress: z.number().int(),
  /** When the extension under way started; null unless the video is being extended. */
  extendingSince: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** The saved edit (the current document version); null until the creator first edits, or when it cannot be read. */
  editorState: editorStateSchema.nullable(),
  /** Why a saved edit cannot be opened (then `editorState` is null and the editor does not start over it). */
  editorStateError: z.string().nullable(),
  /** How many shots the server has appended to the saved edit as they became ready; the editor's saves say how many of them it has seen. */
  placedShots: z.number().int(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/**
 * A project as the dashboard's list shows it (SPEC §6's list fields, plus what a card draws: thumbnail,
 * error, source and segment counts). The saved edit and the model settings are only read by the editor
 * (GET /api/projects/{id}), so the list stays small and cheap to serve however much was edited.
 */
const projectSummarySchema = projectSchema
  .omit({
    editorState: true,
    editorStateError: true,
    provider: true,
    model: true,
    resolution: true,
    generationProgress: true,
    extendingSince: true,
    placedShots: true,
  })
  .extend({
    /** While it generates: how long this server's recent generations of its length took, once it has done a few. */
    estimatedSeconds: z.number().optional(),
    /** Shots of its sequence still being made (its own clip not counted): the card shows a badge while there are. */
    generatingShots: z.number().int(),
  });
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectListResponseSchema = z.array(projectSummarySchema);

/** POST /api/videos/upload -> where to PUT the file. */
export const uploadUrlResponseSchema = z.object({ uploadURL: z.string() });

/** POST /api/videos/complete-upload (SPEC §5 upload form). */
export const completeUploadRequestSchema = z.object({
  videoURL: z.string({ error: 'Valid video URL is required' }).url('Valid video URL is required'),
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(PROJECT_TITLE_MAX, 'Title is too long'),
  aspectRatio: z.enum(UPLOAD_ASPECT_RATIOS, { error: 'Aspect ratio must be 9:16, 16:9 or 1:1' }).optional(),
});
export type CompleteUploadRequest = z.input<typeof completeUploadRequestSchema>;

/** The embedded offline engines are in use (no GEMINI_API_KEY): the UI must say so plainly. */
export const generationInfoSchema = z.object({
  videoEngine: z.enum(['offline', 'veo', 'omni']),
  notice: z.string().nullable(),
});
export type GenerationInfo = z.infer<typeof generationInfoSchema>;

/**
 * An editor document as a client sends it, of the current version or of any past one (version 1 has no
 * `version` field): every route that takes one lets the projects' codec check and upgrade it.
 */
export const editorDocumentSchema = z.record(z.string(), z.unknown());

/**
 * PATCH /api/projects/{id}. `placedShotsSeen`: how many of the shots the server placed (Project's `placedShots`) the
 * edit was made with; a shot placed after those is kept even though the edit lacks it. Without it the edit is
 * saved as sent.
 */
export const updateEditorStateRequestSchema = z
  .object({ editorState: editorDocumentSchema, placedShotsSeen: z.number({ error: 'placedShotsSeen must be a number' }).int().min(0).optional() })
  .strict();
