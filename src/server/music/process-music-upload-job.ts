import path from 'node:path';
import type { Db } from '../db/database.ts';
import type { JobContext, JobDefinition } from '../jobs/job-registry.ts';
import { discardUpload } from '../media/process-upload-job.ts';
import { findMusicTrackUpload } from '../media/uploads-repository.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { musicTrackKey } from './music-keys.ts';
import { failTrack, findTrack, markTrackReady } from './music-repository.ts';
import { MusicRefusedError } from './music-upload-checks.ts';
import { normaliseMusic } from './normalise-music.ts';

export function musicUploadJobId(trackId: string): string {
  return `process-music-upload:${trackId}`;
}

/** What the owner reads when the failure was ours (storage, a time limit), not the file's. */
export const MUSIC_PROCESSING_FAILED_MESSAGE = 'The track could not be processed. Please upload it again.';

/**
 * Turns an accepted music upload into its owner's track (`process-music-upload`, decision 035): normalises it
 * (normaliseMusic: one bounded decode, then the encode), stores the file and marks the track ready, or marks it
 * failed with the plain reason; the upload's file and row go either way. A run after a crash starts again from
 * the stored upload; the track's key is fixed, so nothing doubles.
 */
export function createProcessMusicUploadJob({ db, storage, ffmpeg }: { db: Db; storage: Storage; ffmpeg: FfmpegBinaries }): JobDefinition<'process-music-upload'> {
  async function run({ trackId }: { trackId: string }, context: JobContext): Promise<void> {
    const track = await findTrack(db, trackId);
    const upload = await findMusicTrackUpload(db, trackId);
    if (track?.status !== 'processing') {
      // Deleted meanwhile, or stored by an earlier run that stopped before it removed the upload.
      if (upload) await discardUpload(db, storage, upload);
      return;
    }
    if (!upload) {
      await failTrack(db, trackId, MUSIC_PROCESSING_FAILED_MESSAGE);
      return;
    }

    const key = musicTrackKey(track);
    const stored = await withScratchDir('music-upload', async (dir) => {
      const original = path.join(dir, 'original');
      await storage.downloadToFile(upload.storageKey, original);
      try {
        const made = await normaliseMusic(ffmpeg, original, dir, context.signal);
        await storage.putFile(key, made.file, 'audio/mp4');
        return made;
      } catch (error) {
        if (!(error instanceof MusicRefusedError)) throw error;
        context.logger.info({ reason: error.message, detail: error.cause instanceof Error ? error.cause.message : undefined }, 'music upload refused');
        await failTrack(db, trackId, error.message);
        return undefined;
      }
    });
    if (stored) {
      if (await markTrackReady(db, trackId, stored.durationSeconds)) {
        context.logger.info({ durationSeconds: stored.durationSeconds, ...stored.loudness }, 'music track ready');
      } else {
        await storage.delete([key]);
      }
    }
    await discardUpload(db, storage, upload);
  }

  return {
    run,
    async fail({ trackId }) {
      await failTrack(db, trackId, MUSIC_PROCESSING_FAILED_MESSAGE);
      const upload = await findMusicTrackUpload(db, trackId);
      if (upload) await discardUpload(db, storage, upload);
    },
    async stillWanted({ trackId }) {
      return (await findTrack(db, trackId))?.status === 'processing';
    },
  };
}
