import fs from 'node:fs/promises';
import { threadId } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scratchRoot } from '../../render/scratch-dir.ts';
import { testDatabases } from '../../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../../test-support/test-app.ts';
import { musicTrackKey } from '../music-keys.ts';
import { createRenderMusicLibraryJob, queueMissingLibraryTracks } from './render-music-library-job.ts';
import { LIBRARY_TRACKS } from './library-tracks.ts';

/**
 * The library at four bars a track (8 s or so instead of 30 to 90): this file is about the job, the list and
 * the threads, not the music, which music-library.test.ts renders in full. Two tracks show the job at work.
 */
const SHORT_LIBRARY = LIBRARY_TRACKS.map((track) => ({ ...track, bars: 4 }));
const SOME_TRACKS = SHORT_LIBRARY.slice(0, 2);

describe.each(testDatabases())('the render-music-library job on $name', (database) => {
  let t: TestApp;
  let logLines: Array<Record<string, unknown>>;

  beforeEach(async () => {
    logLines = [];
    const logStream = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) };
    t = await createTestApp(database, {
      runJobs: true,
      env: { LOG_LEVEL: 'info', STARTUP_RENDERS: 'on' },
      logStream,
      services: { musicLibrary: SHORT_LIBRARY },
    });
  });
  afterEach(() => t.close());

  const rows = () => t.db.selectFrom('musicTracks').selectAll().orderBy('id').execute();

  it('renders and lists the missing tracks on worker threads; queueing again or running again does nothing', async () => {
    // Before any render the whole library is listed, each track as preparing and not yet playable.
    const listener = await signUp(t.app, { username: 'listener' });
    const list = async (query = '') =>
      (await t.app.inject({ method: 'GET', url: `/api/music-tracks${query}`, headers: { cookie: listener.cookie } })).json<{
        tracks: Array<{ id: string; title: string; duration: number; genre: string; preparing?: true }>;
      }>().tracks;
    const first = await list();
    expect(first.map((track) => track.id).sort()).toEqual(LIBRARY_TRACKS.map((track) => track.id).sort());
    expect(first.every((track) => track.preparing)).toBe(true);
    expect(first.map((track) => track.title)).toEqual(LIBRARY_TRACKS.map((track) => track.title).sort());
    for (const track of first) expect(track.duration).toBeCloseTo((4 * 4 * 60) / SHORT_LIBRARY.find((definition) => definition.id === track.id)!.bpm, 1);
    const genre = LIBRARY_TRACKS[0]!.genre;
    expect((await list(`?genre=${genre}`)).map((track) => track.genre)).toEqual(LIBRARY_TRACKS.filter((track) => track.genre === genre).map(() => genre));
    const notYet = await t.app.inject({ method: 'GET', url: `/api/music-tracks/${LIBRARY_TRACKS[0]!.id}/audio`, headers: { cookie: listener.cookie } });
    expect(notYet.statusCode).toBe(404);

    expect(await queueMissingLibraryTracks(t.db, t.services.queue, t.services.logger, SOME_TRACKS)).toBe(2);
    // A second process starting at the same moment queues the same job ids: still one job per track.
    await queueMissingLibraryTracks(t.db, t.services.queue, t.services.logger, SOME_TRACKS);
    await waitUntil(async () => (await rows()).length === 2, 120_000, 50);

    const jobs = await t.db.selectFrom('jobs').select(['id', 'status']).where('name', '=', 'render-music-library').orderBy('id').execute();
    expect(jobs.map((job) => job.id)).toEqual(SOME_TRACKS.map((track) => `render-music-library:${track.id}`).sort());
    await waitUntil(async () => (await t.db.selectFrom('jobs').select('status').where('status', '!=', 'completed').execute()).length === 0);

    // Synthesis takes about a second of CPU per track: each ran on a worker thread of its own, never on the
    // thread whose event loop answers requests.
    const threads = logLines.filter((line) => line.msg === 'music library track rendered').map((line) => line.synthThreadId);
    expect(threads).toHaveLength(2);
    for (const thread of threads) expect(thread).toEqual(expect.any(Number));
    expect(threads).not.toContain(threadId);
    expect(new Set(threads).size).toBe(2);

    // The rendered tracks are listed as their rows say; the rest are still preparing.
    const listed = await list();
    expect(listed.filter((track) => !track.preparing).map((track) => track.id).sort()).toEqual(SOME_TRACKS.map((track) => track.id).sort());
    expect(listed.filter((track) => track.preparing)).toHaveLength(LIBRARY_TRACKS.length - SOME_TRACKS.length);
    for (const track of SOME_TRACKS) expect(listed.find((row) => row.id === track.id)?.duration).toBeCloseTo(first.find((row) => row.id === track.id)?.duration ?? 0, 1);
    for (const track of SOME_TRACKS) expect(await t.services.storage.stat(musicTrackKey({ id: track.id, userId: null }))).toBeDefined();

    // Done is done: nothing is queued at the next start, and a run of the job (after a crash, say) stores nothing.
    expect(await queueMissingLibraryTracks(t.db, t.services.queue, t.services.logger, SOME_TRACKS)).toBe(0);
    const puts: string[] = [];
    const storage = Object.assign(Object.create(t.services.storage) as typeof t.services.storage, {
      putFile: async (key: string) => void puts.push(key),
    });
    const job = createRenderMusicLibraryJob({ db: t.db, storage, ffmpeg: t.services.ffmpeg, startupRenders: t.services.startupRenders }, SHORT_LIBRARY);
    await job.run({ trackId: SOME_TRACKS[0]!.id }, { jobId: 'again', attempt: 2, signal: new AbortController().signal, logger: t.services.logger });
    expect(puts).toEqual([]);
  });

  it('stops at once when aborted, leaving no row, no file and no scratch dir', async () => {
    const job = createRenderMusicLibraryJob({ db: t.db, storage: t.services.storage, ffmpeg: t.services.ffmpeg, startupRenders: t.services.startupRenders }, SHORT_LIBRARY);
    const controller = new AbortController();
    const running = job.run({ trackId: SOME_TRACKS[0]!.id }, { jobId: 'aborted', attempt: 1, signal: controller.signal, logger: t.services.logger });
    setTimeout(() => controller.abort(new Error('stopped by the test')), 100);
    await expect(running).rejects.toThrow('stopped by the test');
    expect(await rows()).toEqual([]);
    expect(await t.services.storage.stat(musicTrackKey({ id: SOME_TRACKS[0]!.id, userId: null }))).toBeNull();
    const scratch = await fs.readdir(scratchRoot()).catch(() => []);
    expect(scratch.filter((name) => name.startsWith(`${process.pid}-music-`))).toEqual([]);
  });
});

