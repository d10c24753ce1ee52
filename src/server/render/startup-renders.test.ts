import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_TRACKS } from '../music/library/library-tracks.ts';
import { jobDefinitionsFor } from '../services.ts';
import { sqliteDatabase } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, waitUntil } from '../test-support/test-app.ts';
import { testFfmpeg } from '../test-support/test-ffmpeg.ts';
import { runFfmpeg } from './ffmpeg-runner.ts';
import { measureLoudness } from './measure-loudness.ts';
import { STARTUP_RENDER_NICENESS, createStartupRenders } from './startup-renders.ts';

/** The niceness the kernel gives each thread of this process (field 19 of /proc/self/task/<tid>/stat). */
async function threadNicenesses(): Promise<number[]> {
  const tids = await fs.readdir('/proc/self/task');
  const stats = await Promise.all(tids.map((tid) => fs.readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => '')));
  return stats.filter(Boolean).map((stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
}

describe('the start-up renders’ lane', () => {
  it('runs one render at a time, in the order asked; one whose caller gives up while it waits never starts', async () => {
    const lane = createStartupRenders(await testFfmpeg());
    const events: string[] = [];
    let endFirst!: () => void;
    const first = lane.run(async () => {
      events.push('first starts');
      await new Promise<void>((resolve) => (endFirst = resolve));
      events.push('first ends');
    });
    const giveUp = new AbortController();
    const abandoned = lane.run(async () => void events.push('abandoned starts'), giveUp.signal);
    const second = lane.run(async () => void events.push('second starts'));
    await waitUntil(async () => events.includes('first starts'));
    giveUp.abort(new Error('shutting down'));
    await expect(abandoned).rejects.toThrow('shutting down');
    endFirst();
    await Promise.all([first, second]);
    expect(events).toEqual(['first starts', 'first ends', 'second starts']);
  });
});

/**
 * The app's own start-up renders, with an ffmpeg that first writes the niceness the kernel started it at (its
 * /proc stat) to a log and then execs the real one. Each render is looked at as it starts, not run to its end:
 * at nice 19 a busy machine may give it almost no processor time, which is the point.
 */
describe.skipIf(process.env.TEST_SERVICES_ONLY)('start-up renders on a fresh server', () => {
  let t: TestApp;
  let nicenessLog: string;
  const runsSoFar = async () => (await fs.readFile(nicenessLog, 'utf8').catch(() => '')).split('\n').filter(Boolean);

  beforeAll(async () => {
    const real = await testFfmpeg();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-niceness-'));
    nicenessLog = path.join(dir, 'niceness.log');
    const wrapper = path.join(dir, 'ffmpeg');
    await fs.writeFile(wrapper, `#!/bin/sh\ncut -d' ' -f19 /proc/$$/stat >> '${nicenessLog}'\nexec '${real.ffmpegPath}' "$@"\n`, { mode: 0o755 });
    const ffmpeg = { ...real, ffmpegPath: wrapper };
    // The services' own lane (as createServices makes it), not the test apps' normal-priority one.
    t = await createTestApp(sqliteDatabase, { services: { ffmpeg, startupRenders: createStartupRenders(ffmpeg), musicLibrary: LIBRARY_TRACKS.map((track) => ({ ...track, bars: 4 })) } });
  });
  afterAll(() => t.close());

  const jobContext = (signal: AbortSignal) => ({ jobId: 'start-up', attempt: 1, signal, logger: t.services.logger });

  it('renders the examples in the background at the lowest priority, and a visitor’s example at normal priority', async () => {
    expect(STARTUP_RENDER_NICENESS).toBe(19);
    const job = jobDefinitionsFor(t.services)['render-example'].run({ kind: 'posters' }, jobContext(new AbortController().signal));
    await waitUntil(async () => (await runsSoFar()).length > 0, 120_000, 50);
    expect(await runsSoFar()).toEqual(['19']);

    // A first visit does not wait on a render that yields to everything else: it renders the posters itself.
    const poster = await t.services.examples.thumbnailKey(1);
    await job;
    expect(await t.services.storage.stat(poster)).toMatchObject({ contentType: 'image/jpeg' });
    expect(await runsSoFar()).toEqual(['19', '0']);
  });

  it('synthesises a library track on a thread at the lowest priority, and measures and encodes it with ffmpeg at it', async () => {
    expect(await threadNicenesses()).not.toContain(19);
    const stop = new AbortController();
    const job = jobDefinitionsFor(t.services)['render-music-library'].run({ trackId: LIBRARY_TRACKS[0]!.id }, jobContext(stop.signal));
    await waitUntil(async () => (await threadNicenesses()).includes(19), 120_000, 20);
    stop.abort(new Error('seen'));
    await expect(job).rejects.toThrow('seen');

    // Its ffmpeg runs are the lane's, as the examples' are; its loudness measurements are calls of their own.
    const wav = path.join(t.dataDir, 'tone.wav');
    await runFfmpeg(await testFfmpeg(), ['-f', 'lavfi', '-i', 'sine=f=440:r=48000:d=1', wav]);
    const before = (await runsSoFar()).length;
    const stopMeasuring = new AbortController();
    const measuring = measureLoudness(t.services.startupRenders.ffmpeg, wav, { signal: stopMeasuring.signal }).catch(() => undefined);
    await waitUntil(async () => (await runsSoFar()).length > before, 120_000, 50);
    stopMeasuring.abort();
    await measuring;
    expect((await runsSoFar()).slice(before)).toEqual(['19']);
  });
});
