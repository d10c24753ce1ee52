import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { z } from 'zod';
import type { completeMusicUploadRequestSchema } from '../../shared/schemas/music.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError, badRequest, notFound } from '../http/http-error.ts';
import type { Logger } from '../logger.ts';
import type { UploadsService } from '../media/uploads-service.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { musicTrackKey, musicTrackUrl } from './music-keys.ts';
import { deleteOwnTrack, findOwnTrack, insertMusicTrack } from './music-repository.ts';
import { MusicRefusedError, normaliseMusic } from './normalise-music.ts';

export const TRACK_NOT_FOUND = 'Music track not found';
const NOT_OUR_URL_MESSAGE = 'Valid audio URL is required: use the upload address this server gave you.';
const TICKET_GONE_MESSAGE = 'This upload link is invalid, used or expired';
const ONE_AT_A_TIME_MESSAGE = 'You are already adding a track — wait for it to finish.';
const BUSY_MESSAGE = 'Too many tracks are being added right now. Please try again in a minute.';
/**
 * Normalising takes a core for a few seconds per minute of music: two at once per API process, and a short
 * line behind them; past it the answer is 503 rather than requests piling up.
 */
const NORMALISATIONS_AT_ONCE = 2;
const NORMALISATIONS_WAITING = 8;
/** Longer than every time limit of normaliseMusic's runs put together. */
const CHECK_DEADLINE_MS = 15 * 60 * 1000;

type CompleteMusicUploadInput = z.output<typeof completeMusicUploadRequestSchema>;

/** Runs at most `atOnce` tasks at a time, `waiting` more in line; beyond that, refuses at once. */
function createSlots(atOnce: number, waiting: number) {
  let running = 0;
  const line: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= atOnce) {
      if (line.length >= waiting) throw new HttpError(503, BUSY_MESSAGE);
      await new Promise<void>((resolve) => line.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      const next = line.shift();
      // The slot passes straight to the next in line; only when nobody waits is it freed.
      if (next) next();
      else running -= 1;
    }
  };
}

interface MusicUploadsDeps {
  db: Db;
  storage: Storage;
  ffmpeg: FfmpegBinaries;
  uploads: UploadsService;
  logger: Logger;
  now?: () => Date;
}

/**
 * A user's own tracks (issue 16): uploaded with the video upload tickets (kind 'music', 20 MB), normalised to
 * AAC at −14 LUFS within complete-upload (decision 016), listed and streamed with the library, deleted by
 * their owner.
 */
export function createMusicUploads({ db, storage, ffmpeg, uploads, logger, now = () => new Date() }: MusicUploadsDeps) {
  const inSlot = createSlots(NORMALISATIONS_AT_ONCE, NORMALISATIONS_WAITING);

  /** Probes, normalises and stores the track, then adds its row: a row never points at a missing file. */
  async function storeTrack(user: UserRow, uploadKey: string, input: CompleteMusicUploadInput) {
    return withScratchDir('music-upload', async (dir) => {
      const original = path.join(dir, 'original');
      await storage.downloadToFile(uploadKey, original);
      const started = performance.now();
      const track = await normaliseMusic(ffmpeg, original, dir);
      const id = randomUUID();
      const key = musicTrackKey({ id, userId: user.id });
      await storage.putFile(key, track.file, 'audio/mp4');
      const row = await insertMusicTrack(db, {
        id,
        userId: user.id,
        title: input.title,
        artist: input.artist,
        url: musicTrackUrl(id),
        duration: track.durationSeconds,
        genre: null,
        isCustom: 1,
        createdAt: now().toISOString(),
      }).catch(async (error: unknown) => {
        await storage.delete([key]);
        throw error;
      });
      logger.info(
        { trackId: id, userId: user.id, durationSeconds: track.durationSeconds, ...track.loudness, ms: Math.round(performance.now() - started) },
        'music track uploaded',
      );
      return row;
    });
  }

  return {
    issue: (user: UserRow) => uploads.issue(user, 'music'),

    /**
     * The uploaded file as the caller's track. Not audio, damaged, silent or too long: 400 with the reason,
     * and the file and its ticket are gone. Our own failure (storage, a full line) keeps the ticket usable.
     */
    async complete(user: UserRow, input: CompleteMusicUploadInput) {
      if (!uploads.isUploadUrl(input.audioURL)) throw badRequest(NOT_OUR_URL_MESSAGE);
      const upload = await uploads.claim(user, input.audioURL, 'music', { deadlineMs: CHECK_DEADLINE_MS, busyMessage: ONE_AT_A_TIME_MESSAGE });
      if (!upload) throw notFound(TICKET_GONE_MESSAGE);
      let row;
      try {
        row = await inSlot(() => storeTrack(user, upload.storageKey, input));
      } catch (error) {
        if (!(error instanceof MusicRefusedError)) {
          await uploads.release(upload);
          throw error;
        }
        logger.info({ userId: user.id, reason: error.message, detail: error.cause instanceof Error ? error.cause.message : undefined }, 'music upload refused');
        await uploads.discard(upload);
        throw badRequest(error.message);
      }
      await uploads.discard(upload);
      return row;
    },

    /** Deletes the caller's own track and its file; a library track or another user's is not found. */
    async remove(user: UserRow, id: string): Promise<void> {
      const track = await findOwnTrack(db, user.id, id);
      if (!track || !(await deleteOwnTrack(db, user.id, id))) throw notFound(TRACK_NOT_FOUND);
      await storage.delete([musicTrackKey(track)]);
    },
  };
}

export type MusicUploads = ReturnType<typeof createMusicUploads>;
