import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../shared/schemas/project.ts';
import { createDatabase } from './db/database.ts';
import { ledgerMismatches, scratchDirsLeft } from './test-support/crash-checks.ts';
import { type FakeVeoServer, startFakeVeoServer } from './test-support/fake-veo-server.ts';
import { fixtureClipFile } from './test-support/fixture-video-model.ts';
import {
  type ServerHome,
  type ServerProcess,
  fakeVeoSettings,
  makeServerHome,
  requestJson,
  signUpOverHttp,
  startServer,
} from './test-support/server-process.ts';
import { waitFor } from './test-support/wait-for.ts';

const API_KEY = 'graceful-shutdown-key';

describe('SIGTERM mid-generation (a deploy or a scale-down)', () => {
  let home: ServerHome;
  let server: ServerProcess | undefined;
  /**
   * The server generates with Veo on the Gemini API, faked in this process: each segment is a small cached
   * 8-second clip, answered when the test says, so the shutdown finds the job waiting on Veo.
   */
  let veo: FakeVeoServer;
  let settings: Record<string, string>;
  beforeAll(async () => {
    home = await makeServerHome('sigterm');
    veo = await startFakeVeoServer({ apiKey: API_KEY, video: await fsp.readFile(await fixtureClipFile('9:16', 8)), finishAtStart: true });
    settings = fakeVeoSettings(veo, API_KEY);
  });
  afterAll(async () => {
    server?.kill();
    await veo?.close();
    await home.remove();
  });

  it('stops listening, finishes or hands back the running job, closes the database, exits 0; the job completes after restart', async () => {
    veo.holdStarts();
    server = await startServer(home, settings);
    const cookie = await signUpOverHttp(home.baseUrl, 'deployer');
    const created = await requestJson<Project>(home.baseUrl, cookie, 'POST', '/api/projects', {
      title: 'Two segments',
      prompt: 'A lighthouse in a storm',
      aspectRatio: '9:16',
      duration: 15,
    });
    const project = () => requestJson<Project>(home.baseUrl, cookie, 'GET', `/api/projects/${created.id}`);
    // The first segment's clip comes at once; the second start (sent once the first segment is stored) is held
    // at Veo, so the job is still running when the server is told to stop.
    await veo.waitForStarts(1);
    veo.releaseStarts({ keepHolding: true });
    await veo.waitForStarts(2);
    expect(await project()).toMatchObject({ status: 'generating', currentSegment: 1 });

    const stopping = server.stop();
    // New requests are refused while the running job is given its grace period.
    await waitFor('the port to close', async () => {
      try {
        await fetch(`${home.baseUrl}/healthz`);
        return undefined;
      } catch {
        return true;
      }
    }, 10_000, 50);
    // Veo answers the held start now, inside the grace period: the job finishes, or is handed back if the
    // grace period runs out first.
    veo.releaseStarts();
    expect(await stopping).toBe(0);
    server = undefined;
    expect(await scratchDirsLeft(home.tmpDir)).toEqual([]);
    // SQLite removes its write-ahead log when the last connection closes cleanly.
    expect(fs.existsSync(`${home.databaseFile}-wal`)).toBe(false);

    const db = createDatabase({ kind: 'sqlite', file: home.databaseFile });
    try {
      const job = await db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
      // Either it finished inside the grace period or it was handed back for the next process.
      expect(['completed', 'queued']).toContain(job.status);
    } finally {
      await db.destroy();
    }

    server = await startServer(home, settings);
    const done = await waitFor('the video', async () => {
      const p = await project();
      return p.status === 'generating' ? undefined : p;
    });
    expect(done.status).toBe('ready');
    expect(done.duration).toBeCloseTo(15, 0);
    expect(await server.stop()).toBe(0);
    server = undefined;

    const after = createDatabase({ kind: 'sqlite', file: home.databaseFile });
    try {
      expect(await ledgerMismatches(after)).toEqual([]);
      const user = await after.selectFrom('users').select(['credits', 'passwordHash']).executeTakeFirstOrThrow();
      expect(user.credits).toBe(200 - 24);
      // The real server hashes at the app's cost (test apps use a low one: test-app.ts).
      expect(user.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    } finally {
      await after.destroy();
    }
  });
});

describe('SIGTERM while a request is still arriving (issue 13: a shutdown deadline)', () => {
  let home: ServerHome;
  let server: ServerProcess | undefined;
  let upload: net.Socket | undefined;
  beforeAll(async () => {
    home = await makeServerHome('deadline');
  });
  afterAll(async () => {
    upload?.destroy();
    server?.kill();
    await home.remove();
  });

  it('exits with code 1 once SHUTDOWN_TIMEOUT_SECONDS has passed, instead of waiting for the upload', async () => {
    server = await startServer(home, { SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const cookie = await signUpOverHttp(home.baseUrl, 'slow-uploader');
    const { uploadURL } = await requestJson<{ uploadURL: string }>(home.baseUrl, cookie, 'POST', '/api/videos/upload');
    // 100 MB at 640 kB/s: well above the minimum rate, so only the deadline can end it.
    upload = net.connect(home.port, '127.0.0.1');
    upload.on('error', () => undefined);
    upload.write(
      `PUT ${new URL(uploadURL).pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: video/mp4\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n`,
    );
    const sending = setInterval(() => upload?.write(Buffer.alloc(64 * 1024)), 100);
    try {
      // The server is storing it: its temporary file has bytes.
      await waitFor('the upload to be under way', async () => ((await storedBytes(home.mediaDir)) > 0 ? true : undefined));
      expect(await server.stop()).toBe(1);
      server = undefined;
    } finally {
      clearInterval(sending);
    }
  });
});

async function storedBytes(dir: string): Promise<number> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
  const sizes = await Promise.all(entries.filter((entry) => entry.isFile()).map(async (entry) => (await fsp.stat(`${entry.parentPath}/${entry.name}`)).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}
