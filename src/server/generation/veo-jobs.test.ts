import fs from 'node:fs/promises';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaAsset } from '../../shared/schemas/media.ts';
import { createVeoVideoModel } from '../providers/video-model/veo-video-model.ts';
import { extractLastFrame } from '../render/media-operations.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { type FakeVeoServer, startFakeVeoServer } from '../test-support/fake-veo-server.ts';
import { fixtureClipFile } from '../test-support/fixture-video-model.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';
import { testFfmpeg } from '../test-support/test-ffmpeg.ts';
import { VIDEO_UNAVAILABLE } from './video-unavailable.ts';

const MODEL = 'veo-3.1-fast-generate-001';
const eightSeconds = { title: 'Lighthouse', prompt: 'A lighthouse at dawn, waves below', aspectRatio: '9:16', duration: 8, resolution: '720p' };

/** Jobs against the fake Veo server on the Gemini API: a model retired under them, and Veo's own extension. */
describe('Veo jobs (fake Veo server)', () => {
  const [database] = testDatabases();
  let clip: Buffer;
  const clips: Record<string, string> = {};
  let t: TestApp;
  let veo: FakeVeoServer;
  let logLines: Array<Record<string, unknown>>;

  // What Veo hands back: 8 s clips, and extensions of 15 s (7 s added) or 12 s (4 s added). Their lengths are
  // what these tests are about, not their frame size: small cached clips.
  beforeAll(async () => {
    clips['extended.mp4'] = await fixtureClipFile('9:16', 15);
    clips['short.mp4'] = await fixtureClipFile('9:16', 12);
    clip = await fs.readFile(await fixtureClipFile('9:16', 8));
  });
  afterEach(async () => {
    await t.close();
    await veo.close();
  });

  /**
   * The app with Veo for generation and extension, as services.ts makes them for a Veo VIDEO_MODEL. Each test
   * has its own: the fake serves one extended clip, and a retired model stays retired.
   */
  async function appWithVeo(extended: 'extended.mp4' | 'short.mp4' = 'extended.mp4') {
    veo = await startFakeVeoServer({ apiKey: 'test-key', video: clip, extendedVideo: await fs.readFile(clips[extended]!), pendingPolls: 1 });
    const ffmpeg = await testFfmpeg();
    const videoModel = createVeoVideoModel({
      backend: { kind: 'gemini-api', apiKey: 'test-key', baseUrl: veo.baseUrl },
      model: MODEL,
      pollIntervalMs: 20,
      extractLastFrame: (video, png) => extractLastFrame(ffmpeg, video, png),
      logger: pino({ level: 'silent' }),
    });
    logLines = [];
    t = await createTestApp(database!, {
      runJobs: true,
      env: { LOG_LEVEL: 'error' },
      logStream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
      services: { videoModel, extensionModel: videoModel },
    });
  }

  const get = (cookie: string, id: string) => t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: { cookie } }).then((r) => r.json());
  const media = (cookie: string, id: string): Promise<MediaAsset[]> =>
    t.app.inject({ method: 'GET', url: `/api/projects/${id}/media`, headers: { cookie } }).then((r) => r.json().media);
  const credits = async (userId: string) =>
    (await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits;

  async function readyEightSecondClip(cookie: string): Promise<string> {
    const created = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: eightSeconds })).json();
    await waitUntil(async () => (await get(cookie, created.id)).status !== 'generating', 150_000, 100);
    expect((await get(cookie, created.id)).status).toBe('ready');
    return created.id as string;
  }

  async function extendAndWait(cookie: string, id: string) {
    const started = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/extend`, headers: { cookie }, payload: { prompt: 'The beam sweeps over the sea' } });
    expect(started.statusCode).toBe(200);
    await waitUntil(async () => (await get(cookie, id)).status !== 'generating', 150_000, 100);
    return get(cookie, id);
  }

  it('fails a generation at once when Veo no longer knows the model: a plain sentence, a refund, the catalog and one log line', async () => {
    await appWithVeo();
    veo.retireModel(MODEL);
    const { cookie, userId } = await signUp(t.app, { username: 'retired' });
    const created = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: eightSeconds })).json();
    await waitUntil(async () => (await get(cookie, created.id)).status !== 'generating', 60_000, 50);

    expect(await get(cookie, created.id)).toMatchObject({ status: 'error', errorMessage: VIDEO_UNAVAILABLE });
    expect(await credits(userId)).toBe(200);
    expect(veo.starts()).toHaveLength(1); // not retried
    const advice = logLines.filter((line) => line.variable === 'VIDEO_MODEL');
    expect(advice).toEqual([expect.objectContaining({ model: MODEL, msg: expect.stringContaining('set VIDEO_MODEL to a model ID') })]);
  });

  it("extends a clip Veo made with Veo's own extension: 7 s for 11 credits, a new asset of the whole longer video whose shot plays the added seconds", async () => {
    await appWithVeo();
    const { cookie, userId } = await signUp(t.app, { username: 'keeper' });
    const id = await readyEightSecondClip(cookie);
    const before = await get(cookie, id);
    const quote = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/extension-quote`, headers: { cookie } });
    expect(quote.json()).toEqual({ method: 'veo-extension', seconds: 7, credits: 11 });
    const balance = await credits(userId);

    const extended = await extendAndWait(cookie, id);
    expect(extended).toMatchObject({ status: 'ready', errorMessage: null, videoUrl: before.videoUrl });
    expect(await credits(userId)).toBe(balance - 11);
    // Veo was asked to continue its own file (no start image).
    const extension = veo.starts().at(-1);
    expect(extension?.video?.uri).toMatch(/\/files\/[a-z0-9]+:download\?alt=media$/);
    expect(extension?.image).toBeUndefined();
    // Its 15 s result is a new asset; the new shot plays only what was added, after the 8 s clip.
    const shot = (await media(cookie, id)).find((asset) => asset.origin === 'extension')!;
    expect(shot).toMatchObject({ status: 'ready' });
    expect(shot.duration).toBeCloseTo(15, 0);
    expect(extended.editorState.shots).toEqual([
      expect.objectContaining({ mediaId: id, in: 0, out: before.duration }),
      expect.objectContaining({ mediaId: shot.id, in: before.duration, out: shot.duration }),
    ]);
    expect(extended.duration).toBeCloseTo(15, 0);
    // The next extension continues the new shot from its last frame.
    const again = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/extension-quote`, headers: { cookie } });
    expect(again.json()).toEqual({ method: 'last-frame', seconds: 8, credits: 12 });
  });

  it('pays back the difference when the extension added less than it was priced for', async () => {
    await appWithVeo('short.mp4');
    const { cookie, userId } = await signUp(t.app, { username: 'shortchanged' });
    const id = await readyEightSecondClip(cookie);
    const before = await credits(userId);
    const extended = await extendAndWait(cookie, id);
    expect(extended.duration).toBeCloseTo(12, 0);
    // 4 s were added: 6 credits of the 11 charged; 5 come back.
    expect(await credits(userId)).toBe(before - 6);
    const refunds = await t.db.selectFrom('creditLedger').select(['delta', 'reason']).where('reason', '=', 'extension-refund').execute();
    expect(refunds).toEqual([{ delta: 5, reason: 'extension-refund' }]);
  });
});
