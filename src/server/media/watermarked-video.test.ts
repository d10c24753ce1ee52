import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATERMARK_STYLE, referenceScale } from '../../shared/editor/looks.ts';
import { changeSubscription } from '../billing/subscriptions.ts';
import { createBullmqQueue } from '../jobs/bullmq-queue.ts';
import { runFfmpeg } from '../render/ffmpeg-runner.ts';
import { probeMedia } from '../render/probe-media.ts';
import { renderWatermarkedRendition } from '../render/watermarked-rendition.ts';
import { type TestDatabase, sqliteDatabase, testDatabases } from '../test-support/database-targets.ts';
import { makeTestClip } from '../test-support/test-clips.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';
import { uploadProject } from '../test-support/uploaded-project.ts';

interface Frame {
  width: number;
  height: number;
  rgb: Buffer;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Where the watermark sits, generously: from its margins in to 420 reference pixels for the text and
 * 1.6 lines up, as in e2e/export.e2e.ts.
 */
function watermarkBox(width: number, height: number): Box {
  const scale = referenceScale(width, height);
  return {
    x0: Math.floor(width - (WATERMARK_STYLE.marginX + 420) * scale),
    y0: Math.floor(height - (WATERMARK_STYLE.marginY + WATERMARK_STYLE.fontSize * 1.6) * scale),
    x1: width,
    y1: height,
  };
}

/** Mean |a - b| over every channel of the pixels inside (or outside) `box`. */
function meanDiff(a: Frame, b: Frame, box: Box, where: 'inside' | 'outside'): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < a.height; y += 1) {
    for (let x = 0; x < a.width; x += 1) {
      const inBox = x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
      if (inBox !== (where === 'inside')) continue;
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c += 1) sum += Math.abs((a.rgb[i + c] ?? 0) - (b.rgb[i + c] ?? 0));
      count += 3;
    }
  }
  return sum / count;
}

const redisUrl = process.env.TEST_REDIS_URL;

let t: TestApp;
/** One app per suite, on `database` (and its queue, or BullMQ), rendering the real watermarked copy. */
function appPerSuite(database: TestDatabase, bullmq = false) {
  beforeAll(async () => {
    const queue = bullmq ? createBullmqQueue(redisUrl!, pino({ level: 'silent' }), { prefix: `test-${randomUUID()}` }) : undefined;
    t = await createTestApp(database, { runJobs: true, services: { renderWatermark: renderWatermarkedRendition, ...(queue ? { queue } : {}) } });
  });
  afterAll(() => t?.close());
}

const proxy = (cookie: string, id: string, range?: string) =>
  t.app.inject({ method: 'GET', url: `/api/video-proxy/${id}`, headers: { cookie, ...(range ? { range } : {}) } });
const setPlan = (userId: string, to: 'free' | 'pro') =>
  changeSubscription(t.db, { userId, to, source: 'admin', changedBy: null }, new Date());

async function masterOf(id: string): Promise<{ key: string; bytes: Buffer }> {
  const { videoKey } = await t.db.selectFrom('videoProjects').select('videoKey').where('id', '=', id).executeTakeFirstOrThrow();
  const stream = await t.services.storage.read(videoKey!);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { key: videoKey!, bytes: Buffer.concat(chunks) };
}

/** The frame at `seconds`, decoded as Chromium decodes our files (BT.709 limited range) and scaled to `size`. */
async function frameOf(bytes: Buffer, seconds: number, size: { width: number; height: number }): Promise<Frame> {
  const name = randomUUID();
  const media = path.join(t.dataDir, `${name}.mp4`);
  const raw = path.join(t.dataDir, `${name}.rgb`);
  await fs.writeFile(media, bytes);
  await runFfmpeg(t.services.ffmpeg, [
    '-ss', String(seconds), '-i', media, '-frames:v', '1',
    '-vf', `scale=${size.width}:${size.height}:in_color_matrix=bt709:in_range=tv,format=rgb24`,
    '-f', 'rawvideo', raw,
  ]);
  return { ...size, rgb: await fs.readFile(raw) };
}

/** The watermark shows in its box (the frame differs there from the master's) and nowhere else. */
async function expectWatermarkOver(served: Buffer, master: Buffer, size: { width: number; height: number }) {
  const [shown, clean] = await Promise.all([frameOf(served, 0.5, size), frameOf(master, 0.5, size)]);
  const box = watermarkBox(size.width, size.height);
  expect(meanDiff(shown, clean, box, 'inside'), 'inside the watermark box').toBeGreaterThan(5);
  expect(meanDiff(shown, clean, box, 'outside'), 'outside the watermark box').toBeLessThan(2);
}

/** A ready project as every project made before renditions existed: a 1 s master of `size` and nothing beside it. */
async function oldProject(userId: string, size: { width: number; height: number }): Promise<string> {
  const id = randomUUID();
  const clip = path.join(t.dataDir, `${id}.mp4`);
  await makeTestClip(clip, { ...size, seconds: 1 });
  const videoKey = `projects/${id}/video-old.mp4`;
  await t.services.storage.putFile(videoKey, clip, 'video/mp4');
  const at = new Date().toISOString();
  await t.db
    .insertInto('videoProjects')
    .values({
      id, userId, title: 'Old clip', prompt: 'made before renditions', aspectRatio: '9:16', status: 'ready', duration: 1,
      source: 'upload', videoUrl: null, thumbnailUrl: null, targetDuration: null, editorState: null, errorMessage: null,
      videoKey, thumbnailKey: null, createdAt: at, updatedAt: at,
    })
    .execute();
  return id;
}

/**
 * Making the copy of an older project on demand goes through the queue: every database with its own
 * queue, and once more through BullMQ (the `npm run worker` path).
 */
const setups = [
  ...testDatabases().map((database) => ({ name: database.name, database, bullmq: false })),
  ...(redisUrl ? [{ name: `${testDatabases()[0]!.name} + BullMQ`, database: testDatabases()[0]!, bullmq: true }] : []),
];

describe.each(setups)('the watermarked copy of an older project on $name', ({ database, bullmq }) => {
  appPerSuite(database, bullmq);

  it('never streams the clean master of an older project to a free user: it answers 409 until the rendition is made', async () => {
    const { cookie, userId } = await signUp(t.app, { username: 'wmold' });
    // At 720p: smaller, the copy's encoding noise outside the box is as large as the test's bound.
    const size = { width: 720, height: 1280 };
    const id = await oldProject(userId, size);
    const master = await masterOf(id);

    const first = await proxy(cookie, id);
    expect(first.statusCode).toBe(409);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.json()).toEqual({ message: 'Your video is being prepared. Try again in a moment.' });
    expect(first.headers['retry-after']).toBeDefined();

    let served = first;
    await waitUntil(async () => {
      served = await proxy(cookie, id, 'bytes=0-');
      if (served.statusCode === 409) return false;
      return true;
    }, 90_000, 200);
    expect(served.statusCode).toBe(206);
    expect(served.headers['content-range']).toBe(`bytes 0-${served.rawPayload.length - 1}/${served.rawPayload.length}`);
    expect(served.rawPayload.equals(master.bytes)).toBe(false);
    await expectWatermarkOver(served.rawPayload, master.bytes, size);

    // A pro user is never kept waiting: the master is there.
    const pro = await signUp(t.app, { username: 'wmoldpro' });
    await setPlan(pro.userId, 'pro');
    const proId = await oldProject(pro.userId, size);
    const proMaster = await masterOf(proId);
    expect((await proxy(pro.cookie, proId)).rawPayload.equals(proMaster.bytes)).toBe(true);
  }, 180_000);
});

/** Who streams which file, and what an export draws: pixels and plans, not SQL (the services suite skips it). */
describe.skipIf(process.env.TEST_SERVICES_ONLY)('the watermarked rendition', () => {
  appPerSuite(sqliteDatabase);

  it('streams a free user a watermarked copy and a pro user the master, switching with the plan, with Range on both', async () => {
    const { cookie, userId } = await signUp(t.app, { username: 'wmfree' });
    // A real 720p master, uploaded: the upload's job renders the copy before the project is ready.
    const clip = path.join(t.dataDir, 'upload.mp4');
    await makeTestClip(clip, { width: 720, height: 1280, seconds: 1 });
    const created = await uploadProject(t, cookie, clip, 'Dunes');
    expect(created.status).toBe('ready');
    const master = await masterOf(created.id);

    // Free: a rendition, ready together with the clip, never the master's bytes.
    const free = await proxy(cookie, created.id);
    expect(free.statusCode).toBe(200);
    expect(free.headers['content-type']).toBe('video/mp4');
    expect(free.headers['accept-ranges']).toBe('bytes');
    expect(Number(free.headers['content-length'])).toBe(free.rawPayload.length);
    expect(free.rawPayload.equals(master.bytes)).toBe(false);
    await expectWatermarkOver(free.rawPayload, master.bytes, { width: 720, height: 1280 });
    const freePart = await proxy(cookie, created.id, 'bytes=100-1099');
    expect(freePart.statusCode).toBe(206);
    expect(freePart.headers['content-range']).toBe(`bytes 100-1099/${free.rawPayload.length}`);
    expect(freePart.rawPayload.equals(free.rawPayload.subarray(100, 1100))).toBe(true);

    // Pro: the master, byte for byte, from the request after the upgrade.
    await setPlan(userId, 'pro');
    const pro = await proxy(cookie, created.id);
    expect(pro.statusCode).toBe(200);
    expect(pro.headers['content-type']).toBe('video/mp4');
    expect(pro.rawPayload.equals(master.bytes)).toBe(true);
    const proTail = await proxy(cookie, created.id, 'bytes=-500');
    expect(proTail.statusCode).toBe(206);
    expect(proTail.headers['content-range']).toBe(`bytes ${master.bytes.length - 500}-${master.bytes.length - 1}/${master.bytes.length}`);
    expect(proTail.rawPayload.equals(master.bytes.subarray(-500))).toBe(true);

    // Back to free: the watermarked copy again, and still only for the owner.
    await setPlan(userId, 'free');
    expect((await proxy(cookie, created.id)).rawPayload.equals(free.rawPayload)).toBe(true);
    const stranger = await signUp(t.app, { username: 'wmstranger' });
    expect((await proxy(stranger.cookie, created.id)).statusCode).toBe(404);

    // Deleting the project removes the rendition beside the master.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${created.id}`, headers: { cookie } })).statusCode).toBe(200);
    const folder = path.join(t.dataDir, 'media', 'projects', created.id);
    const left = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
  }, 180_000);

  it('exports from the master: a pro export shows no watermark, a free export one drawn by the export', async () => {
    const { cookie, userId } = await signUp(t.app, { username: 'wmexport' });
    const id = await oldProject(userId, { width: 720, height: 1280 });
    const master = await masterOf(id);
    // The rendition exists (made on demand), so an export reading it would show its watermark.
    let rendition = await proxy(cookie, id);
    await waitUntil(async () => {
      rendition = await proxy(cookie, id);
      return rendition.statusCode === 200;
    }, 90_000, 200);

    const exportFrame = async () => {
      const started = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/export`, headers: { cookie }, payload: { resolution: '720p', format: 'mp4', quality: 'high' } });
      expect(started.statusCode).toBe(200);
      const { jobId } = started.json();
      const poll = () => t.app.inject({ method: 'GET', url: `/api/export-jobs/${jobId}`, headers: { cookie } }).then((r) => r.json());
      await waitUntil(async () => (await poll()).status !== 'pending', 90_000, 200);
      const job = await poll();
      expect(job.status).toBe('completed');
      return (await t.app.inject({ method: 'GET', url: job.outputUrl, headers: { cookie } })).rawPayload;
    };
    const size = { width: 720, height: 1280 };
    const box = watermarkBox(size.width, size.height);

    await setPlan(userId, 'pro');
    const [proFrame, masterFrame] = await Promise.all([frameOf(await exportFrame(), 0.5, size), frameOf(master.bytes, 0.5, size)]);
    expect(meanDiff(proFrame, masterFrame, box, 'inside'), 'a pro export in the watermark box').toBeLessThan(3);

    // Free: one watermark, drawn by the export exactly as the rendition has it (not two stacked).
    await setPlan(userId, 'free');
    const freeExport = await exportFrame();
    await expectWatermarkOver(freeExport, master.bytes, size);
    const [freeFrame, renditionFrame] = await Promise.all([frameOf(freeExport, 0.5, size), frameOf(rendition.rawPayload, 0.5, size)]);
    expect(meanDiff(freeFrame, renditionFrame, box, 'inside'), 'the free export against the rendition in the watermark box').toBeLessThan(3);
  }, 180_000);

  it('makes the copy of a master smaller than 720p at the master’s own size, in its standard frame, never larger', async () => {
    const sizeOfCopy = async (master: { width: number; height: number }) => {
      const name = randomUUID();
      const input = path.join(t.dataDir, `${name}.mp4`);
      const output = path.join(t.dataDir, `${name}-watermarked.mp4`);
      await makeTestClip(input, { ...master, seconds: 0.5 });
      await renderWatermarkedRendition(t.services.ffmpeg, { inputFile: input, outputFile: output });
      const { width, height } = await probeMedia(t.services.ffmpeg, output);
      return { width, height };
    };
    expect(await sizeOfCopy({ width: 144, height: 256 })).toEqual({ width: 144, height: 256 });
    // Taller than 9:16: the 9:16 frame that holds it whole is as tall as the master.
    expect(await sizeOfCopy({ width: 300, height: 640 })).toEqual({ width: 360, height: 640 });
    // Between 720p and 1080p: its own width, not 1080.
    expect(await sizeOfCopy({ width: 768, height: 1280 })).toEqual({ width: 768, height: 1366 });
  }, 60_000);
});
