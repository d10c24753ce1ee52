import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBullmqQueue } from '../jobs/bullmq-queue.ts';
import { jobDefinitionsFor } from '../services.ts';
import { createOfflineVideoModel } from '../providers/video-model/offline-video-model.ts';
import { createVeoVideoModel } from '../providers/video-model/veo-video-model.ts';
import type { VideoModel } from '../providers/video-model/video-model.ts';
import { extractLastFrame } from '../render/media-operations.ts';
import { probeMedia } from '../render/probe-media.ts';
import { sqliteDatabase, testDatabases } from '../test-support/database-targets.ts';
import { decodeMono, rmsDb } from '../test-support/tone-levels.ts';
import { type FakeVeoServer, startFakeVeoServer } from '../test-support/fake-veo-server.ts';
import { type FixtureVideoModel, createFixtureVideoModel, fixtureClipFile } from '../test-support/fixture-video-model.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';
import { outboxMessages } from '../test-support/outbox.ts';
import { waitFor } from '../test-support/wait-for.ts';

const valid = { title: 'Coastal drive', prompt: 'A red car on a coastal road at sunset', aspectRatio: '9:16', duration: 15, resolution: '720p' };

async function project(t: TestApp, cookie: string, id: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: { cookie } })).json();
}

async function balances(t: TestApp, userId: string) {
  const { credits } = await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
  const { total } = await t.db
    .selectFrom('creditLedger')
    .select(sql<number>`coalesce(sum(delta), 0)`.as('total'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return { credits, ledger: Number(total) };
}

function segmentRows(t: TestApp, projectId: string) {
  return t.db.selectFrom('generationSegments').select('segmentIndex').where('projectId', '=', projectId).execute();
}

async function storedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'media');
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  const files: string[] = [];
  for (const entry of entries) {
    // A file the job deletes between the listing and here is simply gone.
    const stat = await fs.stat(path.join(root, entry)).catch(() => undefined);
    if (stat?.isFile() && !entry.endsWith('~meta.json')) files.push(entry);
  }
  return files;
}

// The one generation that runs the real offline video model, with the voice the app gives it: what a creator
// gets from `npm start`, in small frames (its full-size frame is offline-video-model.test.ts's). Its media is
// the same on every database, so it runs with SQLite only.
describe.skipIf(process.env.TEST_SERVICES_ONLY)('offline generation, on SQLite', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Made from the app's own ffmpeg and speech engines, as the app makes its offline model, for each segment.
    const videoModel: VideoModel = {
      kind: 'offline',
      model: 'offline',
      generateSegment: (request) =>
        createOfflineVideoModel(t.services.ffmpeg, { maxSide: 256, voice: t.services.speech.offlineVoice ?? undefined }).generateSegment(request),
    };
    t = await createTestApp(sqliteDatabase, { runJobs: true, services: { videoModel } });
  });
  afterAll(() => t.close());

  it('renders a 15 s 9:16 clip in two segments, speaking the prompt’s dialogue, streams it with Range, thumbnails it and e-mails the owner', async () => {
    const { cookie, userId } = await signUp(t.app, { username: 'maya', email: 'maya@example.com' });
    const payload = { ...valid, prompt: `${valid.prompt}, the driver says "What a view!"` };
    const created = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload })).json();
    await waitUntil(async () => (await project(t, cookie, created.id)).status !== 'generating', 150_000, 250);

    const ready = await project(t, cookie, created.id);
    expect(ready).toMatchObject({
      status: 'ready',
      totalSegments: 2,
      currentSegment: 2,
      generationProgress: 100,
      videoUrl: expect.stringMatching(new RegExp(`^/api/video-proxy/${created.id}\\?v=video-\\w+$`)),
      thumbnailUrl: expect.stringMatching(new RegExp(`^/api/projects/${created.id}/thumbnail\\?v=thumbnail-\\w+$`)),
      errorMessage: null,
    });
    expect(ready.duration).toBeCloseTo(15, 0);

    const full = await t.app.inject({ method: 'GET', url: ready.videoUrl, headers: { cookie } });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(Number(full.headers['content-length'])).toBe(full.rawPayload.length);
    const file = path.join(t.dataDir, 'downloaded.mp4');
    await fs.writeFile(file, full.rawPayload);
    const probe = await probeMedia(t.services.ffmpeg, file);
    expect(probe).toMatchObject({ videoCodec: 'h264', pixelFormat: 'yuv420p', audioCodec: 'aac', width: 144, height: 256 });
    expect(probe.durationSeconds).toBeGreaterThan(14.9);
    expect(probe.durationSeconds).toBeLessThan(15.1);
    // The offline voice says the quoted line once, from 0.3 s, louder than the chord is anywhere after it.
    const samples = await decodeMono(t.services.ffmpeg, file, 16_000);
    const chordAlone = [2, 4, 6, 8, 10, 12].map((from) => rmsDb(samples, 16_000, from, 0.6));
    expect(rmsDb(samples, 16_000, 0.35, 0.6) - Math.max(...chordAlone)).toBeGreaterThan(6);

    const partial = await t.app.inject({ method: 'GET', url: ready.videoUrl, headers: { cookie, range: 'bytes=100-1099' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 100-1099/${full.rawPayload.length}`);
    expect(partial.rawPayload.equals(full.rawPayload.subarray(100, 1100))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: ready.videoUrl, headers: { cookie, range: 'bytes=-500' } });
    expect(tail.rawPayload.equals(full.rawPayload.subarray(-500))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url: ready.videoUrl, headers: { cookie, range: `bytes=${full.rawPayload.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${full.rawPayload.length}`);

    const thumbnail = await t.app.inject({ method: 'GET', url: ready.thumbnailUrl, headers: { cookie } });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(thumbnail.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');

    // The e-mail is the job's step after marking the project ready.
    const sent = await waitFor('the ready e-mail', async () => (await outboxMessages(t.dataDir))[0]);
    const mail = await fs.readFile(sent, 'utf8');
    expect(mail).toContain('Subject: Your video is ready: Coastal drive');
    expect(mail.replace(/=\r?\n/g, '')).toContain(`/editor/${created.id}`);
    // Who may stream it, what it cost and which files it leaves: the fixture-model test below, on each database.
    expect(await balances(t, userId)).toEqual({ credits: 176, ledger: 176 });
  });
});

describe.each(testDatabases())('generation on $name', (database) => {
  describe('with the fixture video model', () => {
    let t: TestApp;
    let videoModel: FixtureVideoModel;
    beforeAll(async () => {
      videoModel = createFixtureVideoModel();
      t = await createTestApp(database, { runJobs: true, services: { videoModel } });
    });
    afterAll(() => t.close());

    it('makes a 15 s clip of two segments for 24 credits, serves it to its owner only, and deleting it removes every file', async () => {
      const { cookie, userId } = await signUp(t.app, { username: 'maya' });
      const created = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: valid })).json();
      await waitUntil(async () => (await project(t, cookie, created.id)).status !== 'generating', 150_000, 100);

      const ready = await project(t, cookie, created.id);
      expect(ready).toMatchObject({ status: 'ready', totalSegments: 2, currentSegment: 2, generationProgress: 100, errorMessage: null });
      expect(ready.duration).toBeCloseTo(15, 0);
      expect(videoModel.requests.map((request) => [request.segmentIndex, request.durationSeconds])).toEqual([[0, 8], [1, 7]]);
      expect((await t.app.inject({ method: 'GET', url: ready.videoUrl, headers: { cookie } })).statusCode).toBe(200);
      const stranger = await signUp(t.app, { username: 'stranger' });
      expect((await t.app.inject({ method: 'GET', url: ready.videoUrl, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: ready.videoUrl })).statusCode).toBe(401);

      expect(await balances(t, userId)).toEqual({ credits: 176, ledger: 176 });
      // Ready is the job's own last step (the e-mail follows): a heartbeat landing there must not cancel it.
      const { stillWanted } = jobDefinitionsFor(t.services)['generate-video'];
      expect(await stillWanted!({ projectId: created.id })).toBe(true);
      // Segments are gone once the joined video is stored (with its watermarked copy and thumbnail): the
      // job clears them just after it marks the project ready. Deleting the project removes the rest.
      await waitUntil(async () => (await segmentRows(t, created.id)).length === 0 && (await storedFiles(t.dataDir)).length <= 3);
      expect(await storedFiles(t.dataDir)).toHaveLength(3);
      await t.app.inject({ method: 'DELETE', url: `/api/projects/${created.id}`, headers: { cookie } });
      expect(await storedFiles(t.dataDir)).toEqual([]);
    });
  });

  describe('with Veo (fake Veo server)', () => {
    let veo: FakeVeoServer;
    let t: TestApp;
    beforeAll(async () => {
      // What Veo returns is an 8 s H.264/AAC clip at 24 fps; its frame size is not what these tests are about.
      const clip = await fs.readFile(await fixtureClipFile('9:16', 8));
      veo = await startFakeVeoServer({ apiKey: 'test-key', video: clip, pendingPolls: 1 });
      const videoModel = createVeoVideoModel({
        backend: { kind: 'gemini-api', apiKey: 'test-key', baseUrl: veo.baseUrl },
        model: 'veo-3.1-fast-generate-001',
        pollIntervalMs: 20,
        extractLastFrame: (video, png) => extractLastFrame(t.services.ffmpeg, video, png),
        logger: pino({ level: 'silent' }),
      });
      t = await createTestApp(database, { runJobs: true, services: { videoModel } });
    });
    afterAll(async () => {
      await t.close();
      await veo.close();
    });

    it('makes each segment with Veo, continues from the previous last frame, and trims to the requested length', async () => {
      veo.setOutcome({ kind: 'success' });
      const earlier = veo.requests.length;
      const { cookie } = await signUp(t.app, { username: 'maya' });
      const created = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: valid })).json();
      await waitUntil(async () => (await project(t, cookie, created.id)).status !== 'generating', 150_000, 100);
      const ready = await project(t, cookie, created.id);
      expect(ready.status).toBe('ready');
      expect(ready.duration).toBeCloseTo(15, 0);

      const starts = veo.requests.slice(earlier).filter((request) => request.kind === 'start');
      expect(starts).toHaveLength(2);
      expect(starts[0]).toMatchObject({ apiKey: 'test-key', parameters: expect.objectContaining({ aspectRatio: '9:16', resolution: '720p', durationSeconds: 8 }) });
      expect(starts[0]?.kind === 'start' && starts[0].image).toBeFalsy();
      expect(starts[1]?.kind === 'start' && starts[1].image?.mimeType).toBe('image/png');
      // The operations are cleared just after the project is marked ready.
      await waitUntil(async () => (await segmentRows(t, created.id)).length === 0);
    });

    it('fails with the provider reason and refunds the credits when Veo blocks the prompt', async () => {
      veo.setOutcome({ kind: 'safety-block', reasons: ['The prompt could not be submitted'] });
      const { cookie, userId } = await signUp(t.app, { username: 'blocked' });
      const created = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: valid })).json();
      expect((await balances(t, userId)).credits).toBe(176);
      await waitUntil(async () => (await project(t, cookie, created.id)).status !== 'generating', 150_000, 100);
      const failed = await project(t, cookie, created.id);
      expect(failed.status).toBe('error');
      expect(failed.errorMessage).toBe('Veo blocked this prompt: The prompt could not be submitted');
      expect(await balances(t, userId)).toEqual({ credits: 200, ledger: 200 });
      const refunds = await t.db.selectFrom('creditLedger').selectAll().where('userId', '=', userId).where('reason', '=', 'generation-refund').execute();
      expect(refunds).toEqual([expect.objectContaining({ delta: 24, projectId: created.id })]);
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('generation through BullMQ on Redis (the `npm run worker` path)', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('queues the job in Redis and a worker makes the video', async () => {
    const logger = pino({ level: 'silent' });
    const queue = createBullmqQueue(redisUrl!, logger, { prefix: `test-${randomUUID()}` });
    t = await createTestApp(testDatabases()[0]!, { runJobs: true, services: { queue, videoModel: createFixtureVideoModel() } });
    const { cookie } = await signUp(t.app, { username: 'scaled' });
    const created = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { ...valid, duration: 8 } })).json();
    expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual([]); // not in the database queue
    await waitUntil(async () => (await project(t, cookie, created.id)).status !== 'generating', 150_000, 250);
    expect(await project(t, cookie, created.id)).toMatchObject({ status: 'ready', totalSegments: 1 });
  });
});
