import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { defaultEditorState, newTextOverlay } from '../../shared/editor/editor-state.ts';
import type { MediaAsset } from '../../shared/schemas/media.ts';
import type { Project } from '../../shared/schemas/project.ts';
import { adjustCredits } from '../credits/credit-ledger.ts';
import { createVeoVideoModel } from '../providers/video-model/veo-video-model.ts';
import type { VideoModel } from '../providers/video-model/video-model.ts';
import { extractLastFrame } from '../render/media-operations.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { startFakeVeoServer } from '../test-support/fake-veo-server.ts';
import { createFixtureVideoModel, fixtureClipFile } from '../test-support/fixture-video-model.ts';
import { meanDifference } from '../test-support/picture-difference.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';
import { uploadProject } from '../test-support/uploaded-project.ts';

const run = promisify(execFile);

async function balance(t: TestApp, userId: string) {
  const { credits } = await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
  const { total } = await t.db.selectFrom('creditLedger').select(sql<number>`coalesce(sum(delta), 0)`.as('total')).where('userId', '=', userId).executeTakeFirstOrThrow();
  expect(Number(total)).toBe(credits);
  return credits;
}

/** The fixture model, keeping a copy of the frame each shot was asked to start on (the job's scratch files are gone when the test looks). */
function startFrameKeepingModel(keepDir: string): VideoModel & { startFrames: string[] } {
  const fixture = createFixtureVideoModel();
  const startFrames: string[] = [];
  return {
    kind: fixture.kind,
    model: fixture.model,
    startFrames,
    async generateSegment(request) {
      if (request.startFrameFile) {
        const kept = path.join(keepDir, `start-${startFrames.length}.png`);
        await fs.copyFile(request.startFrameFile, kept);
        startFrames.push(kept);
      }
      return fixture.generateSegment(request);
    },
  };
}

/** A still as raw RGB bytes, decoded independently of the app. */
async function rgb(t: TestApp, png: string): Promise<Buffer> {
  const { stdout } = await run(t.services.ffmpeg.ffmpegPath, ['-v', 'error', '-i', png, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { encoding: 'buffer', maxBuffer: 1 << 24 });
  return stdout;
}

let twoSeconds: string;
beforeAll(async () => {
  twoSeconds = await fixtureClipFile('16:9', 2);
});

describe.each(testDatabases())('extending a video on $name', (database) => {
  let t: TestApp;
  afterEach(() => t.close());

  const get = (cookie: string, id: string): Promise<Project> => t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: { cookie } }).then((r) => r.json());
  const media = (cookie: string, id: string): Promise<MediaAsset[]> =>
    t.app.inject({ method: 'GET', url: `/api/projects/${id}/media`, headers: { cookie } }).then((r) => r.json().media);
  const extend = (cookie: string, id: string, prompt: string) =>
    t.app.inject({ method: 'POST', url: `/api/projects/${id}/extend`, headers: { cookie }, payload: { prompt } });

  it('appends an 8-second shot continuing from the last frame, for 12 credits: the edit has two shots, the clip is untouched', async () => {
    const keepDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-extend-'));
    onTestFinished(() => fs.rm(keepDir, { recursive: true, force: true }));
    const model = startFrameKeepingModel(keepDir);
    t = await createTestApp(database, { runJobs: true, services: { videoModel: model } });
    const { cookie, userId } = await signUp(t.app, { username: 'longer' });
    const project = await uploadProject(t, cookie, twoSeconds, 'Waves');
    expect(project).toMatchObject({ status: 'ready', editorState: null });
    expect(project.duration).toBeCloseTo(2, 1);

    const started = await extend(cookie, project.id, 'The sun dips below the horizon');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'generating', videoUrl: project.videoUrl });
    expect(Date.parse(started.json().extendingSince)).toBeGreaterThanOrEqual(Date.parse(project.createdAt));
    expect(await balance(t, userId)).toBe(188);
    // While the shot is made the clip still plays, and the edit is held.
    expect((await t.app.inject({ method: 'GET', url: project.videoUrl!, headers: { cookie } })).statusCode).toBe(200);
    const held = await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie }, payload: { editorState: defaultEditorState(project.id, 1) } });
    expect(held.statusCode).toBe(409);

    await waitUntil(async () => (await get(cookie, project.id)).status !== 'generating', 60_000, 100);
    const extended = await get(cookie, project.id);
    expect(extended).toMatchObject({ status: 'ready', errorMessage: null, extendingSince: null, totalSegments: project.totalSegments });
    // The project's own clip and poster are as they were.
    expect(extended.videoUrl).toBe(project.videoUrl);
    expect(extended.thumbnailUrl).toBe(project.thumbnailUrl);
    const [own, shot, ...none] = await media(cookie, project.id);
    expect(none).toEqual([]);
    expect(own).toMatchObject({ id: project.id, status: 'ready' });
    expect(own!.duration).toBeCloseTo(2, 1);
    expect(shot).toMatchObject({ origin: 'extension', status: 'ready', prompt: 'The sun dips below the horizon' });
    expect(shot!.duration).toBeCloseTo(8, 1);

    // The edit: the clip, then the new shot cut in after it; the project's length is the output's, the sum.
    expect(extended.editorState?.shots).toEqual([
      expect.objectContaining({ mediaId: project.id, in: 0, out: own!.duration }),
      expect.objectContaining({ mediaId: shot!.id, in: 0, out: shot!.duration, volume: 1, muted: false, transition: expect.objectContaining({ kind: 'cut' }) }),
    ]);
    expect(extended.duration).toBeCloseTo(own!.duration + shot!.duration, 2);

    // The shot started on the clip's last frame.
    const clipFile = path.join(t.dataDir, 'clip.mp4');
    await fs.writeFile(clipFile, (await t.app.inject({ method: 'GET', url: own!.videoUrl!, headers: { cookie } })).rawPayload);
    await extractLastFrame(t.services.ffmpeg, clipFile, `${clipFile}.png`);
    expect(model.startFrames).toHaveLength(1);
    expect(meanDifference(await rgb(t, model.startFrames[0]!), await rgb(t, `${clipFile}.png`))).toBeLessThan(1);
    expect(await balance(t, userId)).toBe(188);
  });

  it("continues a cut clip from the last frame it shows, with the last shot's sound, and leaves the text where it was", async () => {
    t = await createTestApp(database, { runJobs: true, services: { videoModel: createFixtureVideoModel() } });
    const { cookie } = await signUp(t.app, { username: 'cutter' });
    const project = await uploadProject(t, cookie, twoSeconds, 'Cut');
    const base = defaultEditorState(project.id, 1.5);
    const edit = { ...base, shots: [{ ...base.shots[0]!, volume: 0.4, muted: true }], textOverlays: [newTextOverlay('caption', 1.5)] };
    expect((await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie }, payload: { editorState: edit } })).statusCode).toBe(200);

    expect((await extend(cookie, project.id, 'Rain begins')).statusCode).toBe(200);
    await waitUntil(async () => (await get(cookie, project.id)).status !== 'generating', 60_000, 100);
    const extended = await get(cookie, project.id);
    const shot = (await media(cookie, project.id)).find((asset) => asset.origin === 'extension')!;
    expect(extended.editorState?.shots).toEqual([edit.shots[0], expect.objectContaining({ mediaId: shot.id, in: 0, volume: 0.4, muted: true })]);
    expect(extended.editorState?.textOverlays).toEqual(edit.textOverlays);
    expect(extended.duration).toBeCloseTo(1.5 + shot.duration, 2);
    // The frame shown last, a frame before the cut at 1.5 s.
    const { continueFrom } = await t.db.selectFrom('mediaAssets').select('continueFrom').where('id', '=', shot.id).executeTakeFirstOrThrow();
    expect(JSON.parse(continueFrom!)).toEqual({ mediaId: project.id, at: expect.closeTo(1.458, 2) });
  });

  it('needs a prompt, 12 credits for free users (free for pro), and refuses at 148 s of output', async () => {
    t = await createTestApp(database);
    const { cookie, userId } = await signUp(t.app, { username: 'rules' });
    const project = await insertReadyProject(t.db, userId, { duration: 2, targetDuration: 8 });

    expect((await extend(cookie, project.id, '   ')).json()).toEqual({ message: 'Prompt is required' });
    await adjustCredits(t.db, userId, 11, new Date());
    const short = await extend(cookie, project.id, 'More');
    expect(short.statusCode).toBe(402);
    expect(short.json()).toEqual({ message: 'Insufficient credits. Upgrade to Pro for unlimited extensions.' });
    expect((await get(cookie, project.id)).status).toBe('ready');
    expect(await media(cookie, project.id)).toHaveLength(1);

    await t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', userId).execute();
    expect((await extend(cookie, project.id, 'More')).statusCode).toBe(200);
    expect(await balance(t, userId)).toBe(11);
    expect((await extend(cookie, project.id, 'Again')).statusCode).toBe(409);

    // The cap counts the output, not the 2-second clip: 143 s of edit leave 5 s; 148 s leave nothing.
    await t.db.updateTable('videoProjects').set({ status: 'ready', outputDuration: 143 }).where('id', '=', project.id).execute();
    const quote = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}/extension-quote`, headers: { cookie } });
    expect(quote.json()).toEqual({ method: 'last-frame', seconds: 5, credits: 0 });
    await t.db.updateTable('videoProjects').set({ outputDuration: 148 }).where('id', '=', project.id).execute();
    const capped = await extend(cookie, project.id, 'More');
    expect(capped.statusCode).toBe(400);
    expect(capped.json()).toEqual({ message: 'This video is already at the 148-second maximum' });

    const other = await signUp(t.app, { username: 'thief' });
    expect((await extend(other.cookie, project.id, 'Mine now')).statusCode).toBe(404);
  });
});

describe('an extension that fails (Veo blocks it)', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('restores the video as it was, says why, refunds the 12 credits and appends no shot', async () => {
    // The clip is uploaded and is also what the fake Veo would hand back; its frame size is not the point.
    const veo = await startFakeVeoServer({ apiKey: 'k', video: await fs.readFile(twoSeconds), outcome: { kind: 'safety-block', reasons: ['Unsafe continuation'] } });
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
    const project = await uploadProject(t, cookie, twoSeconds, 'Mine');
    const get = async () => (await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: { cookie } })).json() as Project;

    expect((await t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/extend`, headers: { cookie }, payload: { prompt: 'Something unsafe' } })).statusCode).toBe(200);
    await waitUntil(async () => (await get()).status !== 'generating', 60_000, 100);
    const after = await get();
    const message = 'The extension failed: Veo blocked this prompt: Unsafe continuation Your credits were refunded.';
    expect(after).toMatchObject({ status: 'ready', duration: project.duration, videoUrl: project.videoUrl, editorState: null, errorMessage: message });
    expect(await balance(t, userId)).toBe(200);
    const refunds = await t.db.selectFrom('creditLedger').select(['delta', 'reason']).where('userId', '=', userId).where('reason', 'like', 'extension%').orderBy('delta').execute();
    expect(refunds).toEqual([
      { delta: -12, reason: 'extension' },
      { delta: 12, reason: 'extension-refund' },
    ]);
    const shots = (await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}/media`, headers: { cookie } })).json().media as MediaAsset[];
    expect(shots.filter((asset) => asset.origin === 'extension')).toEqual([expect.objectContaining({ status: 'error', message })]);
    await veo.close();
  });
});
