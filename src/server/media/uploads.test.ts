import fs from 'node:fs/promises';
import path from 'node:path';
import http from 'node:http';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeSubscription } from '../billing/subscriptions.ts';
import { requeueUnfinishedGenerations } from '../generation/generation-sweep.ts';
import { probeMedia } from '../render/probe-media.ts';
import { jobDefinitionsFor } from '../services.ts';
import { cachedFixture } from '../test-support/cached-fixture.ts';
import { type TestDatabase, sqliteDatabase, testDatabases } from '../test-support/database-targets.ts';
import { cachedHdrClip, cachedSdrPicture, colourTags, expectPictureLike } from '../test-support/hdr-clips.ts';
import { makeCutMp4, makeLyingMatroska, makeTestClip } from '../test-support/test-clips.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';

/** PUTs `bytes` of zeros in 1 MiB chunks with no Content-Length; resolves with the answer. */
function streamOverHttp(url: string, cookie: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'PUT', agent: false, headers: { cookie, 'content-type': 'video/mp4' } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

/** The upload fixtures by the names the tests use, each made once per checkout (cachedFixture). */
const fixtures = new Map<string, string>();
const fixture = (name: string) => fixtures.get(name)!;
const recipes: Array<[name: string, key: string, make: (file: string) => Promise<unknown>]> = [
  ['phone.mp4', 'upload-phone-360x640-2s.mp4', (file) => makeTestClip(file, { width: 360, height: 640, seconds: 2 })],
  ['camera.mp4', 'upload-camera-320x568-2.02s-index-last.mp4', (file) => makeTestClip(file, { width: 320, height: 568, seconds: 2.02, format: 'mp4-index-last' })],
  ['wide.webm', 'upload-wide-640x360-2s.webm', (file) => makeTestClip(file, { width: 640, height: 360, seconds: 2, format: 'webm-silent' })],
  ['square.avi', 'upload-square-400x400-2s.avi', (file) => makeTestClip(file, { width: 400, height: 400, seconds: 2, format: 'avi-silent' })],
  ['notes.mp4', 'upload-notes.mp4', (file) => fs.writeFile(file, 'these are not the frames you are looking for'.repeat(100))],
  ['long.mkv', 'upload-long-330s-claims-10s.mkv', (file) => makeLyingMatroska(file, { seconds: 330, claimedSeconds: 10 })],
  ['cut.mp4', 'upload-cut-after-mdat.mp4', (file) => makeCutMp4(file)],
  ['huge.mp4', 'upload-huge-8192x8192-1s.mp4', (file) => makeTestClip(file, { width: 8192, height: 8192, seconds: 1, rate: 1 })],
  // Its size is the point, not its frames: four of them.
  ['large.avi', 'upload-large-2560x1440-2s-2fps.avi', (file) => makeTestClip(file, { width: 2560, height: 1440, seconds: 2, rate: 2, format: 'avi-silent' })],
];

beforeAll(async () => {
  await Promise.all(recipes.map(async ([name, key, make]) => fixtures.set(name, await cachedFixture(key, make))));
});

let t: TestApp;
let cookie: string;
let userId: string;
let users = 0;
/** What media/uploads held when the test began: a test checks only what it left there itself. */
let uploadsBefore: string[] = [];
let running: TestApp | undefined;

/**
 * One app per suite, and per test a new uploader on Pro (on Pro the proxy streams the stored video itself;
 * free users get its watermarked copy). Each test starts with the queue stopped, as on a server that has
 * not run its jobs yet: `processed` starts it.
 */
function appPerSuite(database: TestDatabase) {
  beforeAll(async () => {
    // A user per test: more sign-ups than the per-address limit allows in an hour.
    t = await createTestApp(database, { env: { PUBLIC_URL: 'http://reel.test', RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.services.queue.stop();
    running = undefined;
    users += 1;
    ({ cookie, userId } = await signUp(t.app, { username: `uploader${users}` }));
    await changeSubscription(t.db, { userId, to: 'pro', source: 'admin', changedBy: null }, new Date());
    uploadsBefore = [];
    uploadsBefore = await storedUploads();
  });
}

const ticket = async (as = cookie) =>
  (await t.app.inject({ method: 'POST', url: '/api/videos/upload', headers: { cookie: as } })).json().uploadURL as string;
const put = (url: string, payload: Buffer | Readable, type = 'video/mp4', as = cookie, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: new URL(url).pathname, headers: { cookie: as, 'content-type': type, ...extra }, payload });
const complete = (videoURL: string, title = 'My clip', as = cookie) =>
  t.app.inject({ method: 'POST', url: '/api/videos/complete-upload', headers: { cookie: as }, payload: { videoURL, title, aspectRatio: '9:16' } });

/** Runs the queued jobs from now on and waits until the project is processed; answers it as its owner sees it. */
async function processed(projectId: string) {
  if (running !== t) t.services.queue.start(jobDefinitionsFor(t.services));
  running = t;
  const read = async () => (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie } })).json();
  // The job marks the project first and removes the upload after: wait for both, as the job's end.
  const uploadLeft = () => t.db.selectFrom('uploads').select('id').where('projectId', '=', projectId).executeTakeFirst();
  await waitUntil(async () => (await read()).status !== 'generating' && (await uploadLeft()) === undefined, 120_000);
  return read();
}
/** The files under media/uploads this test has left. */
async function storedUploads() {
  const entries = await fs.readdir(path.join(t.dataDir, 'media'), { recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.startsWith('uploads/') && !uploadsBefore.includes(entry));
}
/** This test's user's rows of `table`. */
const rowsOf = (table: 'videoProjects' | 'uploads') => t.db.selectFrom(table).select('id').where('userId', '=', userId).execute();
const uploadFile = async (name: string, type = 'video/mp4') => {
  const url = await ticket();
  expect((await put(url, await fs.readFile(fixture(name)), type)).statusCode).toBe(200);
  return complete(url);
};

/** The upload's life in the database: its single-use ticket, its job, a restart, a stale job: on every database. */
describe.each(testDatabases())('uploads on $name', (database) => {
  appPerSuite(database);

  it('takes an MP4 through upload and complete-upload into a ready project, keeping it as is', async () => {
    const url = await ticket();
    expect(url).toMatch(/^http:\/\/reel\.test\/api\/videos\/uploads\/[\w-]{43}$/);
    const uploaded = await put(url, await fs.readFile(fixture('phone.mp4')));
    expect(uploaded.statusCode).toBe(200);

    const response = await complete(url);
    expect(response.statusCode).toBe(201);
    // The answer comes before the processing: the project is still being made.
    expect(response.json()).toMatchObject({ title: 'My clip', status: 'generating', source: 'upload', generationProgress: 0, videoUrl: null });
    const project = await processed(response.json().id);
    expect(project).toMatchObject({ title: 'My clip', status: 'ready', source: 'upload', aspectRatio: '9:16', duration: 2, generationProgress: 100 });
    expect(await storedUploads()).toEqual([]);
    expect(await rowsOf('uploads')).toEqual([]);
    const video = await t.app.inject({ method: 'GET', url: project.videoUrl, headers: { cookie } });
    expect(video.rawPayload.equals(await fs.readFile(fixture('phone.mp4')))).toBe(true);
    const thumbnail = await t.app.inject({ method: 'GET', url: project.thumbnailUrl, headers: { cookie } });
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
  });

  it('resumes an upload left processing by a stopped server as an upload job, not a generation', async () => {
    const response = await uploadFile('phone.mp4');
    const { id } = response.json();
    // The server stopped before its job ran: the queue lost it. (This suite's earlier tests leave no project
    // unfinished: the requeue finds this one alone.)
    await t.db.deleteFrom('jobs').execute();
    expect(await requeueUnfinishedGenerations(t.db, t.services.queue, t.services.logger)).toBe(1);
    expect(await t.db.selectFrom('jobs').select(['id', 'name']).execute()).toEqual([{ id: `process-upload:${id}`, name: 'process-upload' }]);
    expect(await processed(id)).toMatchObject({ status: 'ready', duration: 2 });
  });

  it('leaves an uploaded video that is being extended alone when a stale upload job runs again', async () => {
    const { id } = (await uploadFile('phone.mp4')).json();
    const ready = await processed(id);
    // An extension under way also says 'generating', but the project has its video already.
    await t.db.updateTable('videoProjects').set({ status: 'generating' }).where('id', '=', id).execute();
    const context = { jobId: `process-upload:${id}`, attempt: 2, signal: new AbortController().signal, logger: t.services.logger };
    const job = jobDefinitionsFor(t.services)['process-upload'];
    await job.run({ projectId: id }, context);
    await job.fail({ projectId: id }, 'stalled');
    const row = await t.db.selectFrom('videoProjects').select(['status', 'errorMessage', 'duration']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'generating', errorMessage: null, duration: ready.duration });
  });

  it('uses each upload URL once, only for the user it was issued to, and only if this server issued it', async () => {
    const url = await ticket();
    const other = await signUp(t.app, { username: 'someone' });
    expect((await put(url, await fs.readFile(fixture('phone.mp4')), 'video/mp4', other.cookie)).statusCode).toBe(404);
    expect((await put(url, await fs.readFile(fixture('phone.mp4')))).statusCode).toBe(200);
    expect((await put(url, await fs.readFile(fixture('phone.mp4')))).statusCode).toBe(404);

    expect((await complete(url, 'Theirs', other.cookie)).statusCode).toBe(400);
    const accepted = await complete(url);
    expect(accepted.statusCode).toBe(201);
    expect(await processed(accepted.json().id)).toMatchObject({ status: 'ready' });
    const again = await complete(url);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/^Valid video URL is required/);

    for (const forged of ['http://evil.test/api/videos/uploads/abcdefghijklmnopqrstuvwxyz', 'http://reel.test/etc/passwd', 'file:///etc/passwd']) {
      expect((await complete(forged)).statusCode).toBe(400);
    }
    expect((await complete('not a url')).json()).toEqual({ message: 'Valid video URL is required' });
  });
});

/** What a file becomes (probed, transcoded, refused): SQLite only (the services suite skips it). */
describe.skipIf(process.env.TEST_SERVICES_ONLY)('uploads', () => {
  appPerSuite(sqliteDatabase);

  it.each([
    ['camera.mp4', 'video/mp4', '9:16', 320, 568],
    ['wide.webm', 'video/webm', '16:9', 640, 360],
    ['square.avi', 'video/x-msvideo', '1:1', 400, 400],
  ])('transcodes %s to H.264/AAC MP4 and records its aspect ratio', async (name, type, aspectRatio, width, height) => {
    const url = await ticket();
    expect((await put(url, await fs.readFile(fixture(name)), type)).statusCode).toBe(200);
    const project = await processed((await complete(url)).json().id);
    expect(project).toMatchObject({ status: 'ready', aspectRatio });
    const video = await t.app.inject({ method: 'GET', url: project.videoUrl, headers: { cookie } });
    const file = path.join(t.dataDir, `out-${name}.mp4`);
    await fs.writeFile(file, video.rawPayload);
    expect(await probeMedia(t.services.ffmpeg, file)).toMatchObject({ videoCodec: 'h264', pixelFormat: 'yuv420p', audioCodec: 'aac', width, height });
  });

  it('answers 400 "Not a playable video" for a file that is not one, and keeps nothing', async () => {
    const url = await ticket();
    await put(url, await fs.readFile(fixture('notes.mp4')));
    const response = await complete(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Not a playable video' });
    expect(await rowsOf('videoProjects')).toHaveLength(0);
    expect(await storedUploads()).toEqual([]);
  });

  it('answers 400 "Not a playable video" for an MP4 cut just after its mdat header, and frees its ticket and file', async () => {
    const response = await uploadFile('cut.mp4');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Not a playable video' });
    expect(await rowsOf('videoProjects')).toHaveLength(0);
    expect(await rowsOf('uploads')).toEqual([]);
    expect(await storedUploads()).toEqual([]);
  });

  it('refuses a video whose header claims 10 s but that holds 330 s, never making it a long project', async () => {
    const response = await uploadFile('long.mkv', 'application/octet-stream');
    expect(response.statusCode).toBe(201);
    const project = await processed(response.json().id);
    expect(project).toMatchObject({ status: 'error', errorMessage: 'Videos must be between 1 and 300 seconds long', videoUrl: null });
    expect(project.duration).toBeLessThanOrEqual(300);
    expect(await rowsOf('uploads')).toEqual([]);
    expect(await storedUploads()).toEqual([]);
  });

  it('refuses an 8192x8192 video from its header, before decoding it', async () => {
    const response = await uploadFile('huge.mp4');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Videos must be at most 4K: 4096 x 2304 pixels' });
    expect(await rowsOf('uploads')).toEqual([]);
    expect(await storedUploads()).toEqual([]);
  });

  it('scales a 2560x1440 video it re-encodes down to 1920x1080', async () => {
    const project = await processed((await uploadFile('large.avi', 'video/x-msvideo')).json().id);
    expect(project).toMatchObject({ status: 'ready', aspectRatio: '16:9' });
    const file = path.join(t.dataDir, 'large-out.mp4');
    await fs.writeFile(file, (await t.app.inject({ method: 'GET', url: project.videoUrl, headers: { cookie } })).rawPayload);
    expect(await probeMedia(t.services.ffmpeg, file)).toMatchObject({ videoCodec: 'h264', width: 1920, height: 1080 });
  });

  it('tone-maps an HLG video that is otherwise in stored form (8-bit H.264 + AAC, faststart) instead of keeping it', async () => {
    const [sdr, hlg] = await Promise.all([cachedSdrPicture(), cachedHdrClip('arib-std-b67', 8)]);
    const url = await ticket();
    expect((await put(url, await fs.readFile(hlg))).statusCode).toBe(200);
    const project = await processed((await complete(url)).json().id);
    expect(project).toMatchObject({ status: 'ready', aspectRatio: '9:16' });

    // What the preview plays, and the export starts from.
    const stored = path.join(t.dataDir, 'hlg-stored.mp4');
    await fs.writeFile(stored, (await t.app.inject({ method: 'GET', url: project.videoUrl, headers: { cookie } })).rawPayload);
    expect(await colourTags(t.services.ffmpeg, stored)).toEqual({ space: 'bt709', transfer: 'bt709', primaries: 'bt709', range: 'tv' });
    await expectPictureLike(t.services.ffmpeg, stored, sdr);
  });

  it('refuses more than 100 MB with 413 and removes the partial file', async () => {
    const url = await ticket();
    const declared = await put(url, Buffer.alloc(10), 'video/mp4', cookie, { 'content-length': String(104_857_601) });
    expect(declared.statusCode).toBe(413);

    // Over real HTTP, as a browser sends it: chunked, no length, 101 MiB.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const streamed = await streamOverHttp(`${address}${new URL(url).pathname}`, cookie, 101 * 1024 * 1024);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({ message: 'Maximum file size is 100MB' });
    expect(await storedUploads()).toEqual([]);
    // The server is still up and the ticket is still unused.
    expect((await put(url, await fs.readFile(fixture('phone.mp4')))).statusCode).toBe(200);
  });

  it('refuses a content type that is not a video', async () => {
    const url = await ticket();
    const response = await put(url, Buffer.from('<html>'), 'text/html');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Upload an .mp4, .mov, .avi or .webm video' });
  });
});
