import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { z } from 'zod';
import type { completeMusicUploadRequestSchema } from '../../shared/schemas/music.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError, badRequest, notFound } from '../http/http-error.ts';
import type { Queue } from '../jobs/index.ts';
import type { Logger } from '../logger.ts';
import { advanceUpload, findMusicTrackUpload } from '../media/uploads-repository.ts';
import type { UploadsService } from '../media/uploads-service.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { musicTrackKey, musicTrackUrl } from './music-keys.ts';
import { deleteOwnTrack, failTrack, findOwnTrack, insertMusicTrack } from './music-repository.ts';
import { MusicRefusedError, checkMusicFile } from './music-upload-checks.ts';
import { musicUploadJobId } from './process-music-upload-job.ts';

export const TRACK_NOT_FOUND = 'Music track not found';
const NOT_OUR_URL_MESSAGE = 'Valid audio URL is required: use the upload address this server gave you.';
const TICKET_GONE_MESSAGE = 'This upload link is invalid, used or expired';
const ONE_AT_A_TIME_MESSAGE = 'You are already adding a track — wait for it to finish.';
const NOT_QUEUED_MESSAGE = 'The track could not be queued.';
const UNAVAILABLE_MESSAGE = 'The music service is unavailable right now. Please upload the track again.';
/** Longer than the download and the header probe (20 s) of complete-upload's check. */
const CHECK_DEADLINE_MS = 2 * 60 * 1000;

type CompleteMusicUploadInput = z.output<typeof completeMusicUploadRequestSchema>;

interface MusicUploadsDeps {
  db: Db;
  storage: Storage;
  ffmpeg: FfmpegBinaries;
  queue: Queue;
  uploads: UploadsService;
  logger: Logger;
  now?: () => Date;
}

/**
 * A user's own tracks (issue 16): uploaded with the video upload tickets (kind 'music', 20 MB), checked from
 * their header within complete-upload and normalised to AAC at −14 LUFS by a `process-music-upload` job
 * (decisions 016, 035), listed and streamed with the library, deleted by their owner.
 */
export function createMusicUploads({ db, storage, ffmpeg, queue, uploads, logger, now = () => new Date() }: MusicUploadsDeps) {
  return {
    issue: (user: UserRow) => uploads.issue(user, 'music'),

    /**
     * The uploaded file as the caller's track, 'processing' until its job has normalised it. A file that is
     * not audio, or whose header says it is too short or too long: 400 with the reason, and the file and its
     * ticket are gone. One track per user at a time: 429 while another is in flight. Our own failure
     * (storage) keeps the ticket usable.
     */
    async complete(user: UserRow, input: CompleteMusicUploadInput) {
      if (!uploads.isUploadUrl(input.audioURL)) throw badRequest(NOT_OUR_URL_MESSAGE);
      const upload = await uploads.claim(user, input.audioURL, 'music', { deadlineMs: CHECK_DEADLINE_MS, busyMessage: ONE_AT_A_TIME_MESSAGE });
      if (!upload) throw notFound(TICKET_GONE_MESSAGE);
      let header;
      try {
        header = await withScratchDir('music-check', async (dir) => {
          const file = path.join(dir, 'original');
          await storage.downloadToFile(upload.storageKey, file);
          return checkMusicFile(ffmpeg, file);
        });
      } catch (error) {
        if (!(error instanceof MusicRefusedError)) {
          await uploads.release(upload);
          throw error;
        }
        logger.info({ userId: user.id, reason: error.message }, 'music upload refused');
        await uploads.discard(upload);
        throw badRequest(error.message);
      }

      const id = randomUUID();
      const track = await db
        .transaction()
        .execute(async (trx) => {
          const row = await insertMusicTrack(trx, {
            id,
            userId: user.id,
            title: input.title,
            artist: input.artist,
            url: musicTrackUrl(id),
            // What the header says, until the job has counted the samples.
            duration: header.durationSeconds,
            genre: null,
            isCustom: 1,
            createdAt: now().toISOString(),
            status: 'processing',
          });
          await advanceUpload(trx, upload.id, 'checking', 'processing', { musicTrackId: id });
          return row;
        })
        .catch(async (error: unknown) => {
          await uploads.release(upload);
          throw error;
        });
      try {
        // Each user has one in flight, so every user's track is their first: the queue takes turns between users.
        await queue.enqueue('process-music-upload', { trackId: id }, musicUploadJobId(id), { userId: user.id, activeJobs: 0 });
      } catch (error) {
        logger.error({ err: error, trackId: id }, 'could not queue the music upload');
        await failTrack(db, id, NOT_QUEUED_MESSAGE);
        await uploads.discard(upload);
        throw new HttpError(503, UNAVAILABLE_MESSAGE);
      }
      return track;
    },

    /**
     * Deletes the caller's own track and its file; a library track or another user's is not found. A track still
     * processing stops its job and frees the user's slot at once.
     */
    async remove(user: UserRow, id: string): Promise<void> {
      const track = await findOwnTrack(db, user.id, id);
      if (!track || !(await deleteOwnTrack(db, user.id, id))) throw notFound(TRACK_NOT_FOUND);
      if (track.status === 'processing') {
        await queue.cancel([{ name: 'process-music-upload', jobId: musicUploadJobId(id) }]);
        const upload = await findMusicTrackUpload(db, id);
        if (upload) await uploads.discard(upload);
      }
      await storage.delete([musicTrackKey(track)]);
    },
  };
}

export type MusicUploads = ReturnType<typeof createMusicUploads>;
