import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../shared/schemas/project.ts';
import type { DatabaseTarget } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { ledgerMismatches, scratchDirsLeft, storedObjectMismatches } from '../test-support/crash-checks.ts';
import { type FakeVeoServer, startFakeVeoServer } from '../test-support/fake-veo-server.ts';
import { fixtureClipFile } from '../test-support/fixture-video-model.ts';
import {
  type ServerHome,
  type ServerProcess,
  fakeVeoSettings,
  makeServerHome,
  requestJson,
  signUpOverHttp,
  startServer,
} from '../test-support/server-process.ts';
import { waitFor } from '../test-support/wait-for.ts';

const API_KEY = 'restart-safety-key';

// On each database the app runs on: what a crash must not lose is rows (jobs, ledger, segments) as much as files.
describe.each(testDatabases())('a server killed mid-generation (SIGKILL) on $name', (database) => {
  let home: ServerHome;
  let server: ServerProcess | undefined;
  let target: DatabaseTarget;
  let dropDatabase: () => Promise<void>;
  /** The server's settings: its database is the test's (on SQLite a copy of the migrated template). */
  let settings: Record<string, string>;
  /**
   * The server generates with Veo on the Gemini API, faked in this process: each segment is a small cached
   * 8-second clip, and the test decides when Veo answers, so the crash lands between the two segments.
   */
  let veo: FakeVeoServer;
  beforeAll(async () => {
    home = await makeServerHome('restart');
    await fs.mkdir(home.dataDir, { recursive: true });
    ({ target, drop: dropDatabase } = await database.create(home.dataDir));
    veo = await startFakeVeoServer({ apiKey: API_KEY, video: await fs.readFile(await fixtureClipFile('16:9', 8)), finishAtStart: true });
    settings = { DATABASE_URL: target.kind === 'sqlite' ? `sqlite:${target.file}` : target.url, ...fakeVeoSettings(veo, API_KEY) };
  });
  afterAll(async () => {
    server?.kill();
    await veo?.close();
    await dropDatabase?.();
    await home.remove();
  });

  it('resumes the job after restart: the video completes, no credit is lost or charged twice, nothing is left behind', async () => {
    veo.holdStarts();
    server = await startServer(home, settings);
    const cookie = await signUpOverHttp(home.baseUrl, 'survivor');
    const created = await requestJson<Project>(home.baseUrl, cookie, 'POST', '/api/projects', {
      title: 'Two segments',
      prompt: 'Snowy mountains at dawn',
      aspectRatio: '16:9',
      duration: 15,
    });
    const project = () => requestJson<Project>(home.baseUrl, cookie, 'GET', `/api/projects/${created.id}`);

    // Kill it hard once the first of the two segments is stored, while Veo is making the second. The first
    // start is answered with its clip; the second start (which the job only sends once the first segment is
    // stored) is held until Veo is told to answer it with an operation still running, which the job saves so a
    // restart can poll it; it polls only after its poll interval (10 s), and the operation stays unfinished
    // until after the crash.
    await veo.waitForStarts(1);
    veo.releaseStarts({ keepHolding: true });
    await veo.waitForStarts(2);
    const before = await project();
    expect(before).toMatchObject({ status: 'generating', currentSegment: 1 });
    veo.setFinishAtStart(false);
    veo.setPendingPolls(1_000);
    veo.releaseStarts();
    const watcher = createDatabase(target);
    try {
      await waitFor('the second segment\'s Veo operation to be saved', async () => {
        const row = await watcher
          .selectFrom('generationSegments')
          .select('operationName')
          .where('projectId', '=', created.id)
          .where('segmentIndex', '=', 1)
          .executeTakeFirst();
        return row?.operationName ?? undefined;
      });
    } finally {
      await watcher.destroy();
    }
    const crashed = server.pid;
    await server.crash();
    expect((await scratchDirsLeft(home.tmpDir)).filter((name) => name.startsWith(`${crashed}-`))).not.toEqual([]);
    server.kill(); // anything it started dies with it

    // Veo finished the operation meanwhile; a new start would be answered at once (and counted below).
    veo.finishOperations();
    veo.setFinishAtStart(true);
    server = await startServer(home, settings);
    const after = await waitFor('the resumed video', async () => {
      const p = await project();
      return p.status === 'generating' ? undefined : p;
    });
    expect(after.status).toBe('ready');
    expect(after.duration).toBeCloseTo(15, 0);
    // The restarted job polled the operation begun before the crash instead of asking Veo (and paying) again.
    expect(veo.starts()).toHaveLength(2);
    expect(veo.downloads()).toHaveLength(2);

    await server.stop();
    server = undefined;
    const db = createDatabase(target);
    try {
      const user = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      const ledger = await db.selectFrom('creditLedger').select(['delta', 'reason']).where('userId', '=', user.id).execute();
      expect(user.credits).toBe(200 - 24);
      expect(ledger.filter((row) => row.reason === 'generation')).toHaveLength(1);
      expect(await ledgerMismatches(db)).toEqual([]);
      const job = await db.selectFrom('jobs').selectAll().where('name', '=', 'generate-video').executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'completed', attempts: 2 });
      expect(await db.selectFrom('generationSegments').selectAll().execute()).toEqual([]);
      // Segments are removed once joined; the video, its watermarked copy and its thumbnail are all that is stored.
      expect(await storedObjectMismatches(db, home.mediaDir)).toEqual({ orphaned: [], missing: [] });
    } finally {
      await db.destroy();
    }
    const files = await fs.readdir(path.join(home.mediaDir, 'projects', created.id), { recursive: true });
    expect(files.filter((file) => !file.endsWith('~meta.json')).sort()).toEqual([
      'segments',
      expect.stringMatching(/^thumbnail-\w+\.jpg$/),
      expect.stringMatching(/^video-\w+-watermarked\.mp4$/),
      expect.stringMatching(/^video-\w+\.mp4$/),
    ]);
    // The start-up sweep removed the killed process's scratch dirs; the restarted one removed its own.
    expect(await scratchDirsLeft(home.tmpDir)).toEqual([]);
  }, 120_000);
});
