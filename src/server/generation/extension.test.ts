import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultEditorState, newTextOverlay } from '../../shared/editor/editor-state.ts';
import { newMusicClip } from '../../shared/editor/music-placement.ts';
import { adjustCredits } from '../credits/credit-ledger.ts';
import { createVeoVideoModel } from '../providers/video-model/veo-video-model.ts';
import { extractLastFrame } from '../render/media-operations.ts';
import { probeMedia } from '../render/probe-media.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { startFakeVeoServer } from '../test-support/fake-veo-server.ts';
import { createFixtureVideoModel, fixtureClipFile, fixtureClipSize } from '../test-support/fixture-video-model.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';
import { uploadProject } from '../test-support/uploaded-project.ts';

async function balance(t: TestApp, userId: string) {
  const { credits } = await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
  const { total } = await t.db.selectFrom('creditLedger').select(sql<number>`coalesce(sum(delta), 0)`.as('total')).where('userId', '=', userId).executeTakeFirstOrThrow();
  expect(Number(total)).toBe(credits);
  return credits;
}

describe.each(testDatabases())('extending a video on $name', (database) => {
  let t: TestApp;
  afterEach(() => t.close());

  const get = (cookie: string, id: string) => t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: { cookie } }).then((r) => r.json());
  const extend = (cookie: string, id: string, prompt: string) =>
    t.app.inject({ method: 'POST', url: `/api/projects/${id}/extend`, headers: { cookie }, payload: { prompt } });

  it('adds an 8-second continuation for 12 credits: longer video, one more segment, playable', async () => {
    t = await createTestApp(database, { runJobs: true, services: { videoModel: createFixtureVideoModel() } });
    const { cookie, userId } = await signUp(t.app, { username: 'longer' });
    const created = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Waves', prompt: 'Ocean waves at dusk', aspectRatio: '16:9', duration: 8 } })).json();
    await waitUntil(async () => (await get(cookie, created.id)).status === 'ready', 150_000, 200);
    expect(await balance(t, userId)).toBe(188);

    // One caption lasts to the end of the output, one ends at 5 s; the music plays to the end.
    const untrimmed = {
      ...defaultEditorState(created.id, 8),
      textOverlays: [newTextOverlay('to-the-end', 8), { ...newTextOverlay('early', 8), end: 5 }],
      audioClips: [newMusicClip('music-1', { id: 'library-chill-v1', duration: 60 }, 8, true)],
    };
    const saved = await t.app.inject({ method: 'PATCH', url: `/api/projects/${created.id}`, headers: { cookie }, payload: { editorState: untrimmed } });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await get(cookie, created.id);
    const started = await extend(cookie, created.id, 'The sun dips below the horizon');
    expect(started.statusCode).toBe(200);
    expect(started.json().status).toBe('generating');
    expect(await balance(t, userId)).toBe(176);
    // While it is extended the editor keeps playing the current clip, and knows since when it waits.
    expect(started.json().videoUrl).toBe(before.videoUrl);
    expect(Date.parse(started.json().extendingSince)).toBeGreaterThanOrEqual(Date.parse(before.createdAt));
    expect((await t.app.inject({ method: 'GET', url: before.videoUrl, headers: { cookie } })).statusCode).toBe(200);
    await waitUntil(async () => (await get(cookie, created.id)).status !== 'generating', 150_000, 200);
    const extended = await get(cookie, created.id);
    expect(extended).toMatchObject({ status: 'ready', totalSegments: 2, errorMessage: null, extendingSince: null });
    expect(extended.duration).toBeCloseTo(16, 0);
    // A new URL, so no cache serves the 8-second copy; an uncut clip stays uncut.
    expect(extended.videoUrl).not.toBe(before.videoUrl);
    expect(extended.editorState.shots).toMatchObject([{ mediaId: created.id, in: 0, out: extended.duration }]);
    // The caption that lasted to the end still does; the one that ended earlier keeps its end.
    const ends = Object.fromEntries(extended.editorState.textOverlays.map((overlay: { id: string; end: number }) => [overlay.id, overlay.end]));
    expect(ends).toEqual({ 'to-the-end': extended.duration, early: 5 });
    expect(extended.editorState.audioClips[0].end).toBe(extended.duration);

    const video = await t.app.inject({ method: 'GET', url: extended.videoUrl, headers: { cookie } });
    const file = path.join(t.dataDir, 'extended.mp4');
    await fs.writeFile(file, video.rawPayload);
    const probe = await probeMedia(t.services.ffmpeg, file);
    // The continuation is conformed to the clip's own frame (the fixture model's small 16:9 one).
    expect(probe).toMatchObject({ ...fixtureClipSize('16:9'), videoCodec: 'h264', audioCodec: 'aac' });
    expect(probe.durationSeconds).toBeGreaterThan(15.9);
    // The new master and its watermarked copy replaced the old pair.
    const { videoKey } = await t.db.selectFrom('videoProjects').select('videoKey').where('id', '=', created.id).executeTakeFirstOrThrow();
    const stored = await fs.readdir(path.join(t.dataDir, 'media', 'projects', created.id));
    const master = path.basename(videoKey!);
    expect(stored.filter((name) => name.endsWith('.mp4')).sort()).toEqual([master.replace(/\.mp4$/, '-watermarked.mp4'), master]);
  });

  it('needs a prompt, 12 credits for free users (free for pro), and refuses at 148 s', async () => {
    t = await createTestApp(database);
    const { cookie, userId } = await signUp(t.app, { username: 'rules' });
    const created = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'x', prompt: 'y', aspectRatio: '9:16', duration: 8 } })).json();
    await t.db.updateTable('videoProjects').set({ status: 'ready', duration: 8, videoKey: 'projects/x/video.mp4' }).where('id', '=', created.id).execute();

    expect((await extend(cookie, created.id, '   ')).json()).toEqual({ message: 'Prompt is required' });
    await adjustCredits(t.db, userId, 11, new Date());
    const short = await extend(cookie, created.id, 'More');
    expect(short.statusCode).toBe(402);
    expect(short.json()).toEqual({ message: 'Insufficient credits. Upgrade to Pro for unlimited extensions.' });
    expect((await get(cookie, created.id)).status).toBe('ready');

    await t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', userId).execute();
    expect((await extend(cookie, created.id, 'More')).statusCode).toBe(200);
    expect(await balance(t, userId)).toBe(11);
    expect((await extend(cookie, created.id, 'Again')).statusCode).toBe(409);

    await t.db.updateTable('videoProjects').set({ status: 'ready', duration: 148 }).where('id', '=', created.id).execute();
    const capped = await extend(cookie, created.id, 'More');
    expect(capped.statusCode).toBe(400);
    expect(capped.json()).toEqual({ message: 'This video is already at the 148-second maximum' });

    const other = await signUp(t.app, { username: 'thief' });
    expect((await extend(other.cookie, created.id, 'Mine now')).statusCode).toBe(404);
  });
});

describe('an extension that fails (Veo blocks it)', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('restores the video as it was, says why, and refunds the 12 credits', async () => {
    // An 8 s 9:16 clip, uploaded and also what the fake Veo would hand back; its frame size is not the point.
    const clipFile = await fixtureClipFile('9:16', 8);
    const veo = await startFakeVeoServer({ apiKey: 'k', video: await fs.readFile(clipFile), outcome: { kind: 'safety-block', reasons: ['Unsafe continuation'] } });
    t = await createTestApp(testDatabases()[0]!, {
      runJobs: true,
      env: { PUBLIC_URL: 'http://reel.test' },
      services: {
        videoModel: createVeoVideoModel({
          backend: { kind: 'gemini-api', apiKey: 'k', baseUrl: veo.baseUrl },
          model: 'veo-3.1-fast-generate-001',
          pollIntervalMs: 20,
          extractLastFrame: (video, png) => extractLastFrame(t.services.ffmpeg, video, png),
          logger: pino({ level: 'silent' }),
        }),
      },
    });
    const { cookie, userId } = await signUp(t.app, { username: 'blocked' });
    const project = await uploadProject(t, cookie, clipFile, 'Mine');

    expect((await t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/extend`, headers: { cookie }, payload: { prompt: 'Something unsafe' } })).statusCode).toBe(200);
    await waitUntil(async () => (await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: { cookie } })).json().status !== 'generating', 150_000, 100);
    const after = (await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: { cookie } })).json();
    expect(after).toMatchObject({ status: 'ready', duration: project.duration, videoUrl: project.videoUrl });
    expect(after.errorMessage).toBe('The extension failed: Veo blocked this prompt: Unsafe continuation Your credits were refunded.');
    expect(await balance(t, userId)).toBe(200);
    await veo.close();
  });
});
