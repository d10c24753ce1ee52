import path from 'node:path';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { probeAudio } from '../../render/probe-audio.ts';
import { withScratchDir } from '../../render/scratch-dir.ts';
import { musicTrackKey, musicTrackUrl } from '../music-keys.ts';
import { encodeLibraryTrack } from './encode-track.ts';
import type { TrackDefinition } from './track-definition.ts';
import { synthesizeTrack } from './synthesize-track.ts';

/** The artist every library track is listed under. */
export const LIBRARY_ARTIST = 'PromptReel Library';

export interface LibraryTrackDeps {
  db: Db;
  storage: Storage;
  ffmpeg: FfmpegBinaries;
  now?: () => Date;
}

/** The tracks among `tracks` that have no `music_tracks` row yet. */
export async function missingLibraryTracks(db: Db, tracks: readonly TrackDefinition[]): Promise<TrackDefinition[]> {
  if (tracks.length === 0) return [];
  const rows = await db.selectFrom('musicTracks').select('id').where('id', 'in', tracks.map((track) => track.id)).execute();
  const existing = new Set(rows.map((row) => row.id));
  return tracks.filter((track) => !existing.has(track.id));
}

/**
 * Synthesises (on a worker thread), encodes and stores one library track, then adds its row: a row never
 * points at a file not yet stored. The thread and every ffmpeg run at the niceness of `deps.ffmpeg`. Running it
 * again for the same track stores the same file under the same key and adds nothing. Aborting stops the
 * synthesis or ffmpeg at once; the scratch dir goes either way.
 */
export async function addLibraryTrack(deps: LibraryTrackDeps, definition: TrackDefinition, options: { signal?: AbortSignal; logger: Logger }): Promise<void> {
  const { db, storage, ffmpeg } = deps;
  const { signal, logger } = options;
  await withScratchDir(`music-${definition.id}`, async (dir) => {
    const started = performance.now();
    const wavFile = path.join(dir, 'track.wav');
    const synthesis = await synthesizeTrack(definition, wavFile, { signal, niceness: ffmpeg.niceness });
    const synthMs = Math.round(performance.now() - started);
    const { file, loudness } = await encodeLibraryTrack(ffmpeg, wavFile, signal);
    const { durationSeconds } = await probeAudio(ffmpeg, file);
    signal?.throwIfAborted();
    await storage.putFile(musicTrackKey({ id: definition.id, userId: null }), file, 'audio/mp4');
    await db
      .insertInto('musicTracks')
      .values({
        id: definition.id,
        userId: null,
        title: definition.title,
        artist: LIBRARY_ARTIST,
        url: musicTrackUrl(definition.id),
        duration: durationSeconds,
        genre: definition.genre,
        isCustom: 0,
        createdAt: (deps.now?.() ?? new Date()).toISOString(),
      })
      // Another process may have rendered the same track meanwhile: same id, same file, nothing to add.
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    logger.info(
      {
        trackId: definition.id,
        durationSeconds,
        integratedLufs: loudness.integratedLufs,
        truePeakDb: loudness.truePeakDb,
        synthMs,
        synthThreadId: synthesis.threadId,
        synthNiceness: synthesis.niceness,
        totalMs: Math.round(performance.now() - started),
      },
      'music library track rendered',
    );
  });
}
