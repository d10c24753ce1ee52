import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../shared/schemas/project.ts';
import { type Db, createDatabase } from './db/database.ts';
import { watermarkedVideoKey } from './media/watermarked-video.ts';
import { createS3Storage } from './providers/storage/s3-storage.ts';
import { testDatabases } from './test-support/database-targets.ts';
import { type FakeVeoServer, startFakeVeoServer } from './test-support/fake-veo-server.ts';
import { fixtureClipFile } from './test-support/fixture-video-model.ts';
import { type LoggedProcess, type LogLine, startLoggedProcess, waitForLog } from './test-support/logged-process.ts';
import { fakeVeoSettings, freePort } from './test-support/server-process.ts';
import { startS3TestServer } from './test-support/s3-test-server.ts';
import { waitFor } from './test-support/wait-for.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** A Redis database of its own, emptied first, so this run shares no keys with other suites. */
const REDIS_DB = 11;
/** Short, so a killed worker's job is taken over in seconds rather than a minute. */
const JOB_LEASE_SECONDS = '3';
/** Generous: a 2-core machine running other suites can make an 8-second render take half a minute. */
const JOB_WAIT_MS = 120_000;
const TEST_TIMEOUT_MS = 180_000;
const API_KEY = 'scale-out-key';

/**
 * The scaled-out shape of README "Scaling out", as real processes: two API processes and two
 * workers (run from source, as `npm start` and `npm run worker` run the build) sharing one
 * PostgreSQL database, one Redis and one S3 server, and nothing else. Which worker ran a job is
 * read from its log lines, which carry the job's ids and the worker's pid.
 */
describe.skipIf(!databaseUrl || !redisUrl)('scale-out: two API processes and two workers on PostgreSQL, Redis and S3', () => {
  let dir: string;
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  /**
   * The workers generate with Veo on the Gemini API, faked in this process: each segment is a small cached
   * 8-second clip, answered when the test says (starts held, released by the test).
   */
  let veo: FakeVeoServer;
  let dropDatabase: () => Promise<void>;
  let db: Db;
  let redis: Redis;
  let apis: LoggedProcess[] = [];
  let workers: LoggedProcess[] = [];
  const baseUrls: string[] = [];
  let cookie: string;
  let userId: string;

  /** A request to API process `api` (0 or 1), signed in as the test's user unless `headers` say otherwise. */
  const request = (api: number, url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    fetch(`${baseUrls[api]}${url}`, {
      method: init.method ?? 'GET',
      headers: { ...(cookie ? { cookie } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
  const createProject = async (api: number, title: string, duration: number): Promise<Project> => {
    const response = await request(api, '/api/projects', { method: 'POST', body: { title, prompt: `${title} at golden hour`, aspectRatio: '16:9', duration } });
    expect(response.status).toBe(201);
    return (await response.json()) as Project;
  };
  /** The worker (of `among`) whose log says it completed the job matching `match`. */
  const completedBy = async (match: (line: LogLine) => boolean, what: string, among = workers) =>
    (await waitForLog(among, (line) => line.msg === 'job completed' && match(line), what, JOB_WAIT_MS)).process;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-scale-out-'));
    const redisDbUrl = new URL(redisUrl!);
    redisDbUrl.pathname = `/${REDIS_DB}`;
    redis = new Redis(redisDbUrl.toString());
    await redis.flushdb();
    s3 = await startS3TestServer();
    veo = await startFakeVeoServer({ apiKey: API_KEY, video: await fs.readFile(await fixtureClipFile('16:9', 8)), finishAtStart: true });
    const postgres = testDatabases().find((database) => database.name === 'postgres')!;
    const { target, drop } = await postgres.create(dir);
    if (target.kind !== 'postgres') throw new Error('expected a PostgreSQL target');
    dropDatabase = drop;
    db = createDatabase(target);

    const ports = [await freePort(), await freePort()];
    baseUrls.push(...ports.map((port) => `http://127.0.0.1:${port}`));
    // What every process shares; each gets its own DATA_DIR (and scratch space) to show it needs none in common.
    const shared = {
      DATABASE_URL: target.url,
      REDIS_URL: redisDbUrl.toString(),
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint,
      S3_REGION: s3.config.region,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      PUBLIC_URL: baseUrls[0]!,
      JOB_LEASE_SECONDS,
      // One job of each kind at a time per worker, so two jobs queued together go one to each.
      JOB_CONCURRENCY: 'generate-video=1,default=1',
      LOG_LEVEL: 'info',
      // No example clips or music tracks rendered at start-up (none of these tests is about them).
      STARTUP_RENDERS: 'off',
      ...fakeVeoSettings(veo, API_KEY),
    };
    const ownDirs = async (name: string) => {
      const dataDir = path.join(dir, name);
      await fs.mkdir(path.join(dataDir, 'tmp'), { recursive: true });
      return { DATA_DIR: dataDir, TMPDIR: path.join(dataDir, 'tmp') };
    };
    apis = await Promise.all(
      ports.map(async (port, index) =>
        startLoggedProcess(`api-${index + 1}`, 'main', { ...shared, ...(await ownDirs(`api-${index + 1}`)), PORT: String(port), HOST: '127.0.0.1' }),
      ),
    );
    workers = await Promise.all(
      [1, 2].map(async (index) => startLoggedProcess(`worker-${index}`, 'worker', { ...shared, ...(await ownDirs(`worker-${index}`)) })),
    );
    for (const api of apis) await waitForLog([api], (line) => line.msg?.startsWith('PromptReel is ready') === true, `${api.name} to listen`, JOB_WAIT_MS);
    for (const worker of workers) await waitForLog([worker], (line) => line.msg === 'waiting for jobs', `${worker.name} to take jobs`, JOB_WAIT_MS);
  }, TEST_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([...apis, ...workers].map((child) => child.stop()));
    await db?.destroy();
    await dropDatabase?.();
    await redis?.flushdb();
    await redis?.quit();
    await s3?.close();
    await veo?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('a session made through one API process works on the other, and ends on both', async () => {
    const signup = await fetch(`${baseUrls[0]}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'scaler', password: 'secret-pass' }),
    });
    expect(signup.status).toBe(201);
    cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    userId = ((await signup.json()) as { user: { id: string } }).user.id;
    for (const api of [0, 1]) {
      const me = await request(api, '/api/auth/me');
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { username: string } }).user.username).toBe('scaler');
    }

    // A second session, signed in on process 2 and signed out on process 1, is gone on both.
    const login = await fetch(`${baseUrls[1]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'scaler', password: 'secret-pass' }),
    });
    expect(login.status).toBe(200);
    const other = login.headers.get('set-cookie')!.split(';')[0]!;
    expect(other).not.toBe(cookie);
    expect((await request(0, '/api/auth/logout', { method: 'POST', headers: { cookie: other } })).status).toBe(200);
    for (const api of [0, 1]) expect((await request(api, '/api/auth/me', { headers: { cookie: other } })).status).toBe(401);
    for (const api of [0, 1]) expect((await request(api, '/api/auth/me')).status).toBe(200);
  }, TEST_TIMEOUT_MS);

  let projects: Project[] = [];

  it('spreads generation jobs over both workers (one each while both are idle, one job at a time each)', async () => {
    // Veo answers neither start until both have arrived: both jobs run at once, so on two workers.
    veo.holdStarts();
    projects = await Promise.all([createProject(0, 'Sunrise over the bay', 8), createProject(1, 'Night market', 8)]);
    await veo.waitForStarts(2, JOB_WAIT_MS);
    veo.releaseStarts();
    const ranBy = await Promise.all(projects.map((project) => completedBy((line) => line.projectId === project.id, `generation of ${project.title}`)));
    expect(new Set(ranBy).size).toBe(2);

    for (const [index, project] of projects.entries()) {
      const worker = ranBy[index]!;
      const jobLines = worker.lines.filter((line) => line.projectId === project.id);
      expect(jobLines.map((line) => line.msg)).toEqual([
        'job started',
        'Veo operation started',
        'Veo segment downloaded',
        'segment ready',
        'video ready',
        'job completed',
      ]);
      for (const line of jobLines) {
        expect(line).toMatchObject({ job: 'generate-video', jobId: `generate-video_${project.id}`, attempt: 1, pid: worker.pid });
      }
      // Either API process sees it ready: the project lives in the shared database.
      const seen = (await (await request(1 - index, `/api/projects/${project.id}`)).json()) as Project;
      expect(seen).toMatchObject({ status: 'ready', duration: expect.closeTo(8, 0) });
    }
  }, TEST_TIMEOUT_MS);

  it('spreads export jobs over both workers', async () => {
    const settings = { resolution: '720p', format: 'mp4', quality: 'low' };
    const started = await Promise.all(
      projects.map(async (project, api) => {
        const response = await request(api, `/api/projects/${project.id}/export`, { method: 'POST', body: settings });
        expect(response.status).toBe(200);
        return ((await response.json()) as { jobId: string }).jobId;
      }),
    );
    const ranBy = await Promise.all(started.map((exportJobId) => completedBy((line) => line.exportJobId === exportJobId, `export ${exportJobId}`)));
    expect(new Set(ranBy).size).toBe(2);

    for (const [index, exportJobId] of started.entries()) {
      const exportLines = ranBy[index]!.lines.filter((line) => line.exportJobId === exportJobId);
      expect(exportLines.map((line) => line.msg)).toEqual(['job started', 'export completed', 'job completed']);
      // The handler's own line also names the project it exported.
      expect(exportLines[1]).toMatchObject({ job: 'export-video', projectId: projects[index]!.id });
      // Polled and downloaded through the other API process.
      const other = 1 - index;
      const status = (await (await request(other, `/api/export-jobs/${exportJobId}`)).json()) as { status: string; outputUrl: string };
      expect(status).toMatchObject({ status: 'completed', outputUrl: `/api/export-jobs/${exportJobId}/download` });
      const download = await request(other, status.outputUrl);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('video/mp4');
      expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    }
  }, TEST_TIMEOUT_MS);

  it('streams the free plan\'s watermarked copy from S3 through either API process, with byte ranges', async () => {
    const project = projects[0]!;
    const row = await db.selectFrom('videoProjects').select('videoKey').where('id', '=', project.id).executeTakeFirstOrThrow();
    // Its owner is on the free plan: the proxy streams the watermarked copy a worker stored beside the master.
    const stream = await createS3Storage(s3.config).read(watermarkedVideoKey(row.videoKey!));
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const stored = Buffer.concat(chunks);
    expect(stored.length).toBeGreaterThan(10_000);

    const size = stored.length;
    for (const api of [0, 1]) {
      for (const [start, end] of [[0, 1023], [5000, 9999], [size - 700, size - 1]] as const) {
        const response = await request(api, `/api/video-proxy/${project.id}`, { headers: { range: `bytes=${start}-${end}` } });
        expect(response.status).toBe(206);
        expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
        expect(Buffer.from(await response.arrayBuffer()).equals(stored.subarray(start, end + 1))).toBe(true);
      }
    }
  }, TEST_TIMEOUT_MS);

  it('loses nothing when a worker is killed mid-job: the other worker resumes it, credits add up', async () => {
    // Veo answers the first segment's start; the second's (sent once the first segment is stored) is held, so
    // the worker is killed between the two segments.
    const startsBefore = veo.starts().length;
    veo.holdStarts();
    const project = await createProject(0, 'Mountain pass', 15);
    const started = await waitForLog(workers, (line) => line.msg === 'job started' && line.projectId === project.id, 'the long generation to start', JOB_WAIT_MS);
    const victim = started.process;
    const survivor = workers.find((worker) => worker !== victim)!;
    // The running job's lock in Redis lasts one JOB_LEASE_SECONDS (BullMQ's default is 30 s): once its worker
    // is dead, that is how soon the other one may take the job over. Polled: a renewal late on a busy machine
    // can let it lapse for a moment.
    const lockTtl = await waitFor('the job lock in Redis', async () => {
      const ttl = await redis.pttl(`promptreel:generate-video:generate-video_${project.id}:lock`);
      return ttl > 0 ? ttl : undefined;
    }, JOB_WAIT_MS);
    expect(lockTtl).toBeLessThanOrEqual(Number(JOB_LEASE_SECONDS) * 1000);
    // Kill it hard once the first of the two segments is stored, before the video is made.
    await veo.waitForStarts(startsBefore + 1, JOB_WAIT_MS);
    veo.releaseStarts({ keepHolding: true });
    await veo.waitForStarts(startsBefore + 2, JOB_WAIT_MS);
    const first = await waitForLog([victim], (line) => line.msg === 'segment ready' && line.projectId === project.id, 'the first segment', JOB_WAIT_MS);
    expect(first.line).toMatchObject({ segment: 1, of: 2, stored: false });
    await victim.kill('SIGKILL');
    expect(victim.lines.some((line) => line.msg === 'job completed' && line.projectId === project.id)).toBe(false);
    // The killed worker's start got no answer (its connection is gone); the survivor's is answered at once.
    veo.releaseStarts();

    // The survivor takes it over once the dead worker's lock runs out (JOB_WAIT_MS only bounds a hang): it
    // runs it as the second attempt, takes the first segment from storage and makes only the second.
    await completedBy((line) => line.projectId === project.id, 'the taken-over generation', [survivor]);
    const resumed = survivor.lines.filter((line) => line.projectId === project.id);
    expect(resumed.map((line) => line.msg)).toEqual([
      'job started',
      'segment ready',
      'Veo operation started',
      'Veo segment downloaded',
      'segment ready',
      'video ready',
      'job completed',
    ]);
    expect(resumed[0]).toMatchObject({ jobId: `generate-video_${project.id}`, attempt: 2, pid: survivor.pid });
    expect(resumed[1]).toMatchObject({ segment: 1, of: 2, stored: true });
    expect(resumed[2]).toMatchObject({ segmentIndex: 1, totalSegments: 2 });
    expect(resumed[4]).toMatchObject({ segment: 2, of: 2, stored: false });

    const done = (await (await request(1, `/api/projects/${project.id}`)).json()) as Project;
    expect(done).toMatchObject({ status: 'ready', duration: expect.closeTo(15, 0) });
    expect(await db.selectFrom('generationSegments').selectAll().where('projectId', '=', project.id).execute()).toEqual([]);
    expect(await createS3Storage(s3.config).stat(`projects/${project.id}/segments/0.mp4`)).toBeNull();

    // One charge per project, none twice, and the ledger sums to the balance.
    const user = await db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
    const ledger = await db.selectFrom('creditLedger').select(['delta', 'reason', 'projectId']).where('userId', '=', userId).execute();
    expect(ledger.filter((row) => row.reason === 'generation').map((row) => row.projectId).sort()).toEqual(
      [...projects.map((p) => p.id), project.id].sort(),
    );
    expect(user.credits).toBe(200 - 12 - 12 - 24);
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(user.credits);
  }, TEST_TIMEOUT_MS);
});
