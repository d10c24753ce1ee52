import { z } from 'zod';
import { scriptLengthProblem } from '../speech/script-length.ts';
import { scriptWords } from '../speech/timed-word.ts';

/** One word with where it is spoken, in seconds. */
export const timedWordSchema = z.object({ text: z.string(), start: z.number(), end: z.number() });

/** GET /api/voices: every voice this server can speak with, offline ones first. */
export const voicesResponseSchema = z.object({
  voices: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      engine: z.string(),
      language: z.string(),
      /** A short sample, synthesised on first request and kept. */
      previewUrl: z.string(),
    }),
  ),
});
export type VoiceListing = z.infer<typeof voicesResponseSchema>['voices'][number];

const SCRIPT_REQUIRED = 'Script is required';

/**
 * A script to speak or to time: trimmed, at least one word to say, at most MAX_SCRIPT_CHARACTERS characters and
 * MAX_SPOKEN_WORDS words read aloud (`scriptLengthProblem`, the check the Voice panel shows as the creator types).
 */
const scriptSchema = z
  .string({ error: SCRIPT_REQUIRED })
  .trim()
  .min(1, SCRIPT_REQUIRED)
  .superRefine((script, context) => {
    const tooLong = scriptLengthProblem(script);
    if (tooLong) context.addIssue({ code: 'custom', message: tooLong, abort: true });
  })
  .refine((script) => scriptWords(script).length > 0, 'The script has no words to say');

/** POST /api/projects/{id}/voiceovers. */
export const voiceoverRequestSchema = z.object({
  script: scriptSchema,
  voiceId: z.string({ error: 'voiceId is required' }).min(1, 'voiceId is required').max(100, 'Unknown voice'),
});
export type VoiceoverRequest = z.output<typeof voiceoverRequestSchema>;

/** POST /api/projects/{id}/voiceovers/script: a script drafted by the text model, sized to the output's length. */
export const voiceoverScriptResponseSchema = z.object({ script: z.string() });

/** POST /api/projects/{id}/captions: from a voice-over on the voice lane, a script, or a transcription of the sequence's sound. */
export const captionsRequestSchema = z.discriminatedUnion(
  'source',
  [
    z.object({ source: z.literal('voice'), mediaId: z.string({ error: 'mediaId is required' }).min(1, 'mediaId is required').max(64) }),
    z.object({ source: z.literal('script'), script: scriptSchema }),
    z.object({ source: z.literal('transcribe') }),
  ],
  { error: "source must be 'voice', 'script' or 'transcribe'" },
);
export type CaptionsRequest = z.output<typeof captionsRequestSchema>;

export const captionJobCreatedSchema = z.object({ jobId: z.string() });

const CAPTION_JOB_STATUSES = ['queued', 'running', 'done', 'error'] as const;

/** Why a caption job that found no words failed: captions are never an empty track. */
export const NO_CAPTION_WORDS_MESSAGE = 'No words were found in the sound.';

/** GET /api/caption-jobs/{jobId}: the words on the output timeline once done. */
export const captionJobResponseSchema = z.object({
  status: z.enum(CAPTION_JOB_STATUSES),
  message: z.string().optional(),
  words: z.array(timedWordSchema).optional(),
});
export type CaptionJobResponse = z.infer<typeof captionJobResponseSchema>;
