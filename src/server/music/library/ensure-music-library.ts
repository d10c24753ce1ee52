import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../../render/scratch-dir.ts';
import { musicTrackKey, musicTrackUrl } from '../music-keys.ts';
import { encodeLibraryTrack } from './encode-track.ts';
import { LIBRARY_TRACKS } from './library-tracks.ts';
import { probeAudio } from '../../render/probe-audio.ts';
import { renderTrack } from './render-track.ts';
import type { TrackDefinition } from './track-definition.ts';
import { encodeWav } from './wav-file.ts';

const LIBRARY_ARTIST = 'PromptReel Library';

interface MusicLibraryDeps {
  db: Db;
  storage: Storage;
  ffmpeg: FfmpegBinaries;
  logger: Logger;
  now?: () => Date;
  /** The definitions to ensure; the built-in library unless a test passes fewer. */
  tracks?: readonly TrackDefinition[];
}

/** Renders, encodes and stores one track, then adds its row: a row never points at a file not yet stored. */
async function addLibraryTrack(deps: MusicLibraryDeps, definition: TrackDefinition): Promise<void> {
  const { db, storage, ffmpeg, logger } = deps;
  await withScratchDir(`music-${definition.id}`, async (dir) => {
    const started = performance.now();
    const wavFile = path.join(dir, 'track.wav');
    await fs.writeFile(wavFile, encodeWav(renderTrack(definition)));
    const synthMs = Math.round(performance.now() - started);
    const { file, loudness } = await encodeLibraryTrack(ffmpeg, wavFile);
    const { durationSeconds } = await probeAudio(ffmpeg, file);
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
        totalMs: Math.round(performance.now() - started),
      },
      'music library track rendered',
    );
  });
}

/**
 * Makes sure every built-in library track has its AAC file and its `music_tracks` row, rendering those
 * missing (the first run takes a few seconds per track, later runs only read the ids). A track that fails is
 * logged and skipped, and tried again at the next run; this never throws. Nothing runs it yet (decision 015).
 */
export async function ensureMusicLibrary(deps: MusicLibraryDeps): Promise<void> {
  const tracks = deps.tracks ?? LIBRARY_TRACKS;
  let existing: Set<string>;
  try {
    const rows = await deps.db.selectFrom('musicTracks').select('id').where('id', 'in', tracks.map((track) => track.id)).execute();
    existing = new Set(rows.map((row) => row.id));
  } catch (error) {
    deps.logger.error({ err: error }, 'music library: could not read the music tracks');
    return;
  }
  for (const definition of tracks) {
    if (existing.has(definition.id)) continue;
    try {
      await addLibraryTrack(deps, definition);
    } catch (error) {
      deps.logger.error({ err: error, trackId: definition.id }, 'music library track could not be rendered');
    }
    // Synthesis is CPU work on this thread: let waiting requests run between tracks.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
