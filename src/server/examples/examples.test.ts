import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exampleListResponseSchema } from '../../shared/examples.ts';
import { createOfflineVideoModel } from '../providers/video-model/offline-video-model.ts';
import { storageKey } from '../providers/storage/storage.ts';
import { jobDefinitionsFor } from '../services.ts';
import { sqliteDatabase, testDatabases } from '../test-support/database-targets.ts';
import { fixtureClipFile } from '../test-support/fixture-video-model.ts';
import { type TestApp, createTestApp, waitUntil } from '../test-support/test-app.ts';
import { exampleCatalog } from './examples-catalog.ts';
import { RENDER_VERSION, createExamplesService } from './examples-service.ts';
import { createRenderExampleJob, queueMissingExampleRenders } from './render-example-job.ts';

/**
 * The real offline renderer at both of the service's priorities (here both at the test's own: the priority
 * itself is startup-renders.test.ts's subject), counting what each is asked for and what each finishes.
 * `clipSeconds` shortens clips, and renders them small, so a test about who renders what does not spend a
 * minute of CPU on eight full clips; posters are never changed.
 */
function countingRenderer(t: TestApp, clipSeconds?: number) {
  const offline = createOfflineVideoModel(t.services.ffmpeg);
  const clips = clipSeconds ? createOfflineVideoModel(t.services.ffmpeg, { maxSide: 256 }) : offline;
  /** What was finished, in order. */
  const log: string[] = [];
  /** What was started, with the renderer's priority: "video-4 in the background", "posters ×8 for a visitor". */
  const started: string[] = [];
  let clipsRunning = 0;
  let mostClipsAtOnce = 0;
  const counting = (priority: string) => ({
    async generateSegment(request: Parameters<typeof offline.generateSegment>[0]) {
      const example = exampleCatalog.find((entry) => entry.prompt === request.prompt);
      started.push(`video-${example?.id} ${priority}`);
      mostClipsAtOnce = Math.max(mostClipsAtOnce, ++clipsRunning);
      try {
        const result = await clips.generateSegment(clipSeconds ? { ...request, durationSeconds: clipSeconds } : request);
        log.push(`video-${example?.id}`);
        return result;
      } finally {
        clipsRunning--;
      }
    },
    async renderStills(stills: Parameters<typeof offline.renderStills>[0], signal?: AbortSignal) {
      started.push(`posters ×${stills.length} ${priority}`);
      await offline.renderStills(stills, signal);
      log.push(`posters ×${stills.length}`);
    },
  });
  const renderers = { waitedFor: counting('for a visitor'), background: counting('in the background') };
  return { renderers, log, started, mostClipsAtOnce: () => mostClipsAtOnce };
}

/** Listing and serving what is stored reads no SQL worth a second database: the services suite skips it. */
describe.skipIf(process.env.TEST_SERVICES_ONLY)('examples (public)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(sqliteDatabase);
  });
  afterAll(() => t.close());

  it('lists eight examples across the six categories, 15s/30s, 9:16 and 16:9, without signing in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/examples' });
    expect(response.statusCode).toBe(200);
    const examples = exampleListResponseSchema.parse(response.json());
    expect(examples).toHaveLength(8);
    expect(new Set(examples.map((e) => e.category))).toEqual(new Set(['Urban', 'Nature', 'Lifestyle', 'Sports', 'Adventure', 'Fashion']));
    expect(new Set(examples.map((e) => e.duration))).toEqual(new Set(['15s', '30s']));
    expect(new Set(examples.map((e) => e.aspectRatio))).toEqual(new Set(['9:16', '16:9']));
    expect(examples[0]).toMatchObject({ videoUrl: '/api/examples/1/video', thumbnail: '/api/examples/1/thumbnail' });
  });

  it('serves a poster as a cacheable JPEG, the same bytes each time, and unknown ids with 404', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/examples/3/thumbnail' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toContain('public');
    expect(first.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    const second = await t.app.inject({ method: 'GET', url: '/api/examples/3/thumbnail' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/examples/99/thumbnail' })).statusCode).toBe(404);
  });

  it('serves the clip with Range support', async () => {
    // Stored as the render job leaves it: rendering on a first request is the next block's subject.
    await t.services.storage.putFile(storageKey('examples', `${RENDER_VERSION}-1.mp4`), await fixtureClipFile('9:16', 1), 'video/mp4');
    const partial = await t.app.inject({ method: 'GET', url: '/api/examples/1/video', headers: { range: 'bytes=0-99' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-type']).toBe('video/mp4');
    expect(partial.rawPayload).toHaveLength(100);
    expect(partial.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
  });
});

describe('example renders', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(testDatabases()[0]!);
  });
  afterEach(() => t.close());

  it('renders all eight posters in one run for a first visit’s eight requests at once; later requests and a restarted server take them from storage', async () => {
    const counted = countingRenderer(t);
    const deps = { storage: t.services.storage, renderers: counted.renderers, startupRenders: t.services.startupRenders, logger: t.services.logger };
    const examples = createExamplesService(deps);

    const keys = await Promise.all(exampleCatalog.map((entry) => examples.thumbnailKey(entry.id)));
    expect(counted.log).toEqual(['posters ×8']);
    for (const key of keys) expect(await t.services.storage.stat(key)).toMatchObject({ contentType: 'image/jpeg' });

    await examples.thumbnailKey(5);
    await createExamplesService(deps).thumbnailKey(5);
    expect(counted.log).toEqual(['posters ×8']);
  });

  it('hands a clip the job is rendering in the background to a visitor who asks for it: rendered once at normal priority, one visitor’s clip at a time', async () => {
    const counted = countingRenderer(t, 1);
    const examples = createExamplesService({ storage: t.services.storage, renderers: counted.renderers, startupRenders: t.services.startupRenders, logger: t.services.logger });
    const job = createRenderExampleJob(examples);
    const context = { jobId: 'render-example', attempt: 1, signal: new AbortController().signal, logger: t.services.logger };

    const background = job.run({ kind: 'video', exampleId: 4 }, context);
    await waitUntil(async () => counted.started.includes('video-4 in the background'));
    const [key, sameKey, otherKey] = await Promise.all([examples.videoKey(4), examples.videoKey(4), examples.videoKey(6)]);
    // The job's run ends when the visitor's render of its clip has stored it; its own render was stopped.
    await background;
    expect(sameKey).toBe(key);
    expect(counted.started).toEqual(['video-4 in the background', 'video-4 for a visitor', 'video-6 for a visitor']);
    expect([...counted.log].sort()).toEqual(['video-4', 'video-6']);
    expect(await t.services.storage.stat(key)).toMatchObject({ contentType: 'video/mp4' });
    expect(await t.services.storage.stat(otherKey)).toMatchObject({ contentType: 'video/mp4' });

    // The job run again (after a crash, say) finds the clip stored.
    await job.run({ kind: 'video', exampleId: 4 }, context);
    expect(counted.started).toHaveLength(3);
  });

  it('queues posters first, then each clip, once: a second process starting at the same moment and a later start queue nothing', async () => {
    const counted = countingRenderer(t, 1);
    const examples = createExamplesService({ storage: t.services.storage, renderers: counted.renderers, startupRenders: t.services.startupRenders, logger: t.services.logger });
    const { queue, logger } = t.services;

    const [queued, alsoQueued] = await Promise.all([queueMissingExampleRenders(examples, queue, logger), queueMissingExampleRenders(examples, queue, logger)]);
    expect([queued, alsoQueued]).toEqual([9, 9]);
    const jobs = () => t.db.selectFrom('jobs').select(['id', 'status']).where('name', '=', 'render-example').execute();
    expect((await jobs()).map((job) => job.id).sort()).toEqual([
      `render-example:${RENDER_VERSION}:posters`,
      ...exampleCatalog.map((entry) => `render-example:${RENDER_VERSION}:video-${entry.id}`),
    ]);

    // A first visit before the warm-up's posters job has run renders them for the visitor; the job then has nothing to do.
    expect(await t.services.storage.stat(await examples.thumbnailKey(1))).toMatchObject({ contentType: 'image/jpeg' });
    queue.start({ ...jobDefinitionsFor(t.services), 'render-example': createRenderExampleJob(examples) });
    await waitUntil(async () => (await jobs()).every((job) => job.status === 'completed'), 120_000, 50);

    expect(counted.started[0]).toBe('posters ×8 for a visitor');
    expect(counted.started.slice(1).every((render) => render.endsWith('in the background'))).toBe(true);
    expect(counted.log[0]).toBe('posters ×8');
    expect(counted.log.slice(1).sort()).toEqual(exampleCatalog.map((entry) => `video-${entry.id}`).sort());
    expect(counted.mostClipsAtOnce()).toBe(1);

    expect(await queueMissingExampleRenders(examples, queue, logger)).toBe(0);
    expect(await jobs()).toHaveLength(9);
    expect(await t.services.storage.stat(await examples.videoKey(7))).toMatchObject({ contentType: 'video/mp4' });
    expect(counted.log).toHaveLength(9);
  });
});
