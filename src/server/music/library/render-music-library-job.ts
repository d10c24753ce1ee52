import type { Db } from '../../db/database.ts';
import type { JobDefinition } from '../../jobs/job-registry.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { StartupRenders } from '../../render/startup-renders.ts';
import { type LibraryTrackDeps, addLibraryTrack, missingLibraryTracks } from './add-library-track.ts';
import { LIBRARY_TRACKS } from './library-tracks.ts';
import type { TrackDefinition } from './track-definition.ts';

/** One job per track, named after it: two processes queueing the same track keep one job, and a new version of a track gets its own. */
function libraryTrackJobId(trackId: string): string {
  return `render-music-library:${trackId}`;
}

/**
 * Renders one built-in library track (decision 015) in the start-up renders' lane: after any other start-up
 * render of this process, at their low priority (decision 058). Idempotent: a track whose row exists is done,
 * and a run cut short stores the same file under the same key the next time. A track no longer in the library
 * (its definition renamed to a new version since the job was queued) is skipped.
 */
export function createRenderMusicLibraryJob(
  deps: LibraryTrackDeps & { startupRenders: StartupRenders },
  library: readonly TrackDefinition[] = LIBRARY_TRACKS,
): JobDefinition<'render-music-library'> {
  const { startupRenders } = deps;
  return {
    async run({ trackId }, { signal, logger }) {
      const definition = library.find((track) => track.id === trackId);
      if (!definition) {
        logger.warn('not a library track any more; nothing to render');
        return;
      }
      await startupRenders.run(async () => {
        const [missing] = await missingLibraryTracks(deps.db, [definition]);
        if (missing) await addLibraryTrack({ ...deps, ffmpeg: startupRenders.ffmpeg }, missing, { signal, logger });
      }, signal);
    },
    // Nobody is waiting on a library track: the queue has logged why it failed, and the list goes without it.
    async fail() {},
  };
}

/**
 * At start-up, queues a render for each library track that has no row yet (the first start renders all six;
 * later starts read six ids and queue nothing). Returns how many were queued.
 */
export async function queueMissingLibraryTracks(db: Db, queue: Queue, logger: Logger, tracks = LIBRARY_TRACKS): Promise<number> {
  const missing = await missingLibraryTracks(db, tracks);
  for (const { id } of missing) await queue.enqueue('render-music-library', { trackId: id }, libraryTrackJobId(id));
  if (missing.length > 0) logger.info({ tracks: missing.map((track) => track.id) }, 'music library tracks queued for rendering');
  return missing.length;
}
