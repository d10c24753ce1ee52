import { z } from 'zod';

/** The longest a music track's title may be. */
export const MUSIC_TITLE_MAX = 100;

/** SPEC §3 MusicTrack: a built-in library track (userId null, isCustom 0) or a user's own upload (isCustom 1). */
export const musicTrackSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  title: z.string(),
  artist: z.string().nullable(),
  /** Where the track's AAC audio streams from (GET, Range). */
  url: z.string(),
  duration: z.number(),
  genre: z.string().nullable(),
  isCustom: z.union([z.literal(0), z.literal(1)]),
  createdAt: z.string(),
  /** A library track whose first render is still under way: listed, not yet playable (absent once it is). */
  preparing: z.literal(true).optional(),
  /** A user's own track whose upload is still being normalised: listed, not yet playable (absent once it is). */
  processing: z.literal(true).optional(),
  /** Why a user's own upload was refused after complete-upload: listed for its owner, never playable; deleting it dismisses it. */
  errorMessage: z.string().optional(),
});
export type MusicTrack = z.infer<typeof musicTrackSchema>;

export const musicTrackListSchema = z.object({ tracks: z.array(musicTrackSchema) });

export const musicTrackListQuerySchema = z.object({
  genre: z.string().trim().min(1).max(40).optional(),
});

export const musicTrackParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** POST /api/music-tracks/complete-upload: the address the file was PUT to, and what to call the track. */
export const completeMusicUploadRequestSchema = z.object({
  audioURL: z.string({ error: 'Valid audio URL is required' }).url('Valid audio URL is required'),
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(MUSIC_TITLE_MAX, `Title must be at most ${MUSIC_TITLE_MAX} characters`),
  /** Blank, null or absent means none. */
  artist: z
    .string({ error: 'Artist must be text' })
    .trim()
    .max(100, 'Artist must be at most 100 characters')
    .nullish()
    .transform((artist) => (artist ? artist : null)),
});
/** What the browser sends (before the server trims it). */
export type CompleteMusicUploadRequest = z.input<typeof completeMusicUploadRequestSchema>;
