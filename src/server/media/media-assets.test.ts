import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEditorState, newShot } from '../../shared/editor/editor-state.ts';
import type { MediaAsset } from '../../shared/schemas/media.ts';
import type { ProjectSummary } from '../../shared/schemas/project.ts';
import { adjustCredits } from '../credits/credit-ledger.ts';
import { type SegmentRequest, type VideoModel, VideoModelError } from '../providers/video-model/video-model.ts';
import { extractLastFrame } from '../render/media-operations.ts';
import { probeMedia } from '../render/probe-media.ts';
import { createFixtureVideoModel, fixtureClipFile, fixtureClipSize } from '../test-support/fixture-video-model.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';
import { NOT_OUR_URL_MESSAGE } from './uploads-service.ts';
import { watermarkedVideoKey } from './watermarked-video.ts';
import { meanDifference } from '../test-support/picture-difference.ts';

const run = promisify(execFile);

/**
 * The fixture model, keeping a copy of each start frame it was given (the job's scratch files are gone when
 * the test looks). A prompt that says "refused" is refused as a safety block would be; one that says "hold"
 * waits until its job is cancelled.
 */
function recordingModel(keepDir: string): VideoModel & { requests: SegmentRequest[]; startFrames: Map<string, string> } {
  const fixture = createFixtureVideoModel();
  const startFrames = new Map<string, string>();
  const requests: SegmentRequest[] = [];
  return {
    kind: fixture.kind,
    model: fixture.model,
    requests,
    startFrames,
    async generateSegment(request) {
      requests.push(request);
      if (request.startFrameFile) {
        const kept = path.join(keepDir, `${request.prompt}.png`);
        await fs.copyFile(request.startFrameFile, kept);
        startFrames.set(request.prompt, kept);
      }
      if (request.prompt.includes('refused')) throw new VideoModelError('This prompt was blocked by the safety filter.', false);
      if (request.prompt.includes('hold')) {
        await new Promise((_resolve, reject) => request.signal?.addEventListener('abort', () => reject(request.signal?.reason)));
      }
      return fixture.generateSegment(request);
    },
  };
}

let t: TestApp;
let model: ReturnType<typeof recordingModel>;
let keepDir: string;

beforeAll(async () => {
  keepDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-start-frames-'));
  model = recordingModel(keepDir);
  // One app signs up a dozen users from one address: the sign-up limit is scaled up.
  t = await createTestApp(undefined, { runJobs: true, services: { videoModel: model }, env: { RATE_LIMIT_SCALE: '100' } });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(keepDir, { recursive: true, force: true });
});

async function credits(userId: string): Promise<number> {
  const { credits: balance } = await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
  const { total } = await t.db.selectFrom('creditLedger').select(sql<number>`coalesce(sum(delta), 0)`.as('total')).where('userId', '=', userId).executeTakeFirstOrThrow();
  expect(Number(total)).toBe(balance);
  return balance;
}

const listMedia = async (cookie: string, projectId: string): Promise<MediaAsset[]> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/media`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().media;
};

const generate = (cookie: string, projectId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/media/generate`, headers: { cookie }, payload });

async function readyAsset(cookie: string, projectId: string, mediaId: string): Promise<MediaAsset> {
  let found: MediaAsset | undefined;
  await waitUntil(async () => {
    found = (await listMedia(cookie, projectId)).find((asset) => asset.id === mediaId);
    return found !== undefined && found.status !== 'generating';
  }, 60_000);
  return found!;
}

/** A user with a generated 8 s 9:16 project, ready. */
async function userWithProject(): Promise<{ cookie: string; userId: string; projectId: string }> {
  const { cookie, userId } = await signUp(t.app, { username: uniqueName('media') });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { cookie },
    payload: { title: 'Harbour', prompt: 'A harbour at dawn', aspectRatio: '9:16', duration: 8 },
  });
  expect(created.statusCode, created.body).toBe(201);
  const projectId = created.json().id as string;
  await readyAsset(cookie, projectId, projectId);
  return { cookie, userId, projectId };
}

/** The frame at `at` seconds of a video as raw RGB bytes, decoded independently of the app. */
async function rgbFrame(file: string, at: number | 'last'): Promise<Buffer> {
  let source = file;
  if (at === 'last') {
    source = `${file}.last.png`;
    await extractLastFrame(t.services.ffmpeg, file, source);
  }
  const seek = at === 'last' ? [] : ['-ss', at.toFixed(3)];
  const { stdout } = await run(t.services.ffmpeg.ffmpegPath, ['-v', 'error', ...seek, '-i', source, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    encoding: 'buffer',
    maxBuffer: 1 << 24,
  });
  return stdout;
}

async function pngAsRgb(file: string): Promise<Buffer> {
  const { stdout } = await run(t.services.ffmpeg.ffmpegPath, ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { encoding: 'buffer', maxBuffer: 1 << 24 });
  return stdout;
}


async function download(cookie: string, url: string, name: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  const file = path.join(t.dataDir, name);
  await fs.writeFile(file, response.rawPayload);
  return file;
}

describe('a project’s media', () => {
  it('lists the project’s own clip as its first asset, with its size, sound and files', async () => {
    const { cookie, projectId } = await userWithProject();
    const [own, ...rest] = await listMedia(cookie, projectId);
    expect(rest).toEqual([]);
    expect(own).toMatchObject({
      id: projectId,
      kind: 'video',
      origin: 'generated',
      status: 'ready',
      ...fixtureClipSize('9:16'),
      hasAudio: true,
      prompt: 'A harbour at dawn',
    });
    expect(own!.duration).toBeCloseTo(8, 1);
    expect(own!.message).toBeUndefined();
    const video = await t.app.inject({ method: 'GET', url: own!.videoUrl!, headers: { cookie, range: 'bytes=0-99' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload).toHaveLength(100);
    const poster = await t.app.inject({ method: 'GET', url: own!.posterUrl!, headers: { cookie } });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
  });

  it('generates a shot that starts on the chosen frame of another, charged pro rata and streamed to its owner', async () => {
    const { cookie, userId, projectId } = await userWithProject();
    expect(await credits(userId)).toBe(188);

    const started = await generate(cookie, projectId, { prompt: 'The boat leaves', duration: 4, continueFrom: { mediaId: projectId, at: 2.5 } });
    expect(started.statusCode, started.body).toBe(201);
    const shot = started.json().media as MediaAsset;
    expect(shot).toMatchObject({ kind: 'video', origin: 'continuation', status: 'generating', duration: 4, prompt: 'The boat leaves', videoUrl: null });
    expect(await credits(userId)).toBe(182);
    // The dashboard's card says a shot is being made, until it is.
    const card = async () => ((await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } })).json() as ProjectSummary[]).find((one) => one.id === projectId);
    expect((await card())?.generatingShots).toBe(1);

    const ready = await readyAsset(cookie, projectId, shot.id);
    expect((await card())?.generatingShots).toBe(0);
    expect(ready).toMatchObject({ status: 'ready', ...fixtureClipSize('9:16'), hasAudio: true });
    expect(ready.duration).toBeCloseTo(4, 1);
    expect((await listMedia(cookie, projectId)).map((asset) => asset.id)).toEqual([projectId, shot.id]);
    const request = model.requests.find((made) => made.prompt === 'The boat leaves')!;
    expect(request).toMatchObject({ durationSeconds: 4, aspectRatio: '9:16', segmentIndex: 0, totalSegments: 1 });

    // The model was given the source's frame at 2.5 s, not its first or last.
    const source = await download(cookie, (await listMedia(cookie, projectId))[0]!.videoUrl!, 'source.mp4');
    const given = await pngAsRgb(model.startFrames.get('The boat leaves')!);
    expect(meanDifference(given, await rgbFrame(source, 2.5))).toBeLessThan(1);
    expect(meanDifference(given, await rgbFrame(source, 0))).toBeGreaterThan(5);

    // Without `at`, a 6 s shot continues from the last frame, for 9 credits.
    const fromEnd = await generate(cookie, projectId, { prompt: 'Out to sea', duration: 6, continueFrom: { mediaId: projectId } });
    expect(fromEnd.statusCode, fromEnd.body).toBe(201);
    expect(await credits(userId)).toBe(173);
    await readyAsset(cookie, projectId, fromEnd.json().media.id);
    expect(meanDifference(await pngAsRgb(model.startFrames.get('Out to sea')!), await rgbFrame(source, 'last'))).toBeLessThan(1);

    const file = await download(cookie, ready.videoUrl!, 'shot.mp4');
    expect((await fs.stat(file)).size).toBeGreaterThan(1000);
  });

  it('makes a fresh 8 s shot for 12 credits and nothing for a pro user', async () => {
    const { cookie, userId, projectId } = await userWithProject();
    const fresh = await generate(cookie, projectId, { prompt: 'A lighthouse', duration: 8 });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json().media.origin).toBe('generated');
    expect(await credits(userId)).toBe(176);
    expect(model.requests.find((made) => made.prompt === 'A lighthouse')?.startFrameFile).toBeUndefined();

    await t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', userId).execute();
    const free = await generate(cookie, projectId, { prompt: 'A gull', duration: 8 });
    expect(free.statusCode, free.body).toBe(201);
    expect(await credits(userId)).toBe(176);
    const ready = await readyAsset(cookie, projectId, free.json().media.id);
    expect((await t.app.inject({ method: 'GET', url: ready.videoUrl!, headers: { cookie } })).statusCode).toBe(200);
  });

  it('serves the sequence’s first shot as SPEC’s video and thumbnail, and the card follows a reorder', async () => {
    const { cookie, projectId } = await userWithProject();
    const started = await generate(cookie, projectId, { prompt: 'A first scene', duration: 4 });
    const shot = await readyAsset(cookie, projectId, started.json().media.id);
    const own = (await listMedia(cookie, projectId))[0]!;
    // The served file's digest: toEqual on the bytes compared megabytes element by element.
    const contentDigest = async (url: string) => {
      let response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      await waitUntil(async () => {
        response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        return response.statusCode !== 409;
      });
      expect(response.statusCode, response.body).toBe(200);
      return createHash('sha256').update(response.rawPayload).digest('hex');
    };
    const project = async () => (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie } })).json();
    const saveWithFirst = async (first: string, second: string) => {
      const editorState = defaultEditorState(projectId, 8);
      const shots = [newShot('a', first, first === projectId ? 8 : 4), newShot('b', second, second === projectId ? 8 : 4)];
      const saved = await t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}`, headers: { cookie }, payload: { editorState: { ...editorState, shots } } });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    // No edit yet: the project's own clip.
    const before = await project();
    expect(await contentDigest(before.videoUrl)).toBe(await contentDigest(own.videoUrl!));

    await saveWithFirst(shot.id, projectId);
    const reordered = await project();
    expect(reordered.videoUrl).not.toBe(before.videoUrl);
    expect(reordered.thumbnailUrl).not.toBe(before.thumbnailUrl);
    expect(reordered.duration).toBe(12);
    expect(await contentDigest(reordered.videoUrl)).toBe(await contentDigest(shot.videoUrl!));
    expect(await contentDigest(reordered.thumbnailUrl)).toBe(await contentDigest(shot.posterUrl!));
    const card = ((await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } })).json() as ProjectSummary[]).find((one) => one.id === projectId);
    expect(card).toMatchObject({ thumbnailUrl: reordered.thumbnailUrl, videoUrl: reordered.videoUrl, duration: 12 });

    // The own clip first again: its file and poster, at the URLs they had.
    await saveWithFirst(projectId, shot.id);
    const back = await project();
    expect(back.videoUrl).toBe(before.videoUrl);
    expect(await contentDigest(back.thumbnailUrl)).toBe(await contentDigest(own.posterUrl!));
  });

  it('makes a free user’s missing watermarked copy of a shot on first request, and serves it then', async () => {
    const { cookie, projectId } = await userWithProject();
    const started = await generate(cookie, projectId, { prompt: 'A copy goes missing', duration: 4 });
    const shot = await readyAsset(cookie, projectId, started.json().media.id);
    const { fileKey } = await t.db.selectFrom('mediaAssets').select('fileKey').where('id', '=', shot.id).executeTakeFirstOrThrow();
    const copy = path.join(t.dataDir, 'media', watermarkedVideoKey(fileKey!));
    await fs.rm(copy);
    const first = await t.app.inject({ method: 'GET', url: shot.videoUrl!, headers: { cookie } });
    expect(first.statusCode).toBe(409);
    expect(first.headers['retry-after']).toBe('5');
    await waitUntil(async () => (await t.app.inject({ method: 'GET', url: shot.videoUrl!, headers: { cookie } })).statusCode === 200);
    expect((await fs.stat(copy)).size).toBeGreaterThan(1000);
  });

  it('adds an uploaded video to a project’s media through the same processing job, and only to one’s own project', async () => {
    const { cookie, userId, projectId } = await userWithProject();
    const clip = await fixtureClipFile('16:9', 2);
    const uploadUrl = async (as: string) => {
      const { uploadURL } = (await t.app.inject({ method: 'POST', url: '/api/videos/upload', headers: { cookie: as } })).json();
      const put = await t.app.inject({ method: 'PUT', url: new URL(uploadURL).pathname, headers: { cookie: as, 'content-type': 'video/mp4' }, payload: await fs.readFile(clip) });
      expect(put.statusCode, put.body).toBe(200);
      return uploadURL as string;
    };
    const complete = (as: string, project: string, videoURL: string, title?: string) =>
      t.app.inject({ method: 'POST', url: `/api/projects/${project}/media/complete-upload`, headers: { cookie: as }, payload: { videoURL, title } });

    const other = await signUp(t.app, { username: uniqueName('other') });
    // Someone else's project, or someone else's upload, is refused; the ticket stays usable by its owner.
    const mine = await uploadUrl(cookie);
    expect((await complete(other.cookie, projectId, mine)).statusCode).toBe(404);
    const theirs = await uploadUrl(other.cookie);
    const notOurs = await complete(cookie, projectId, theirs);
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json().message).toBe(NOT_OUR_URL_MESSAGE);

    // Issue 42.17: the clip keeps the name the client gives it (its file's), as plain text of a bounded length.
    const tooLong = await complete(cookie, projectId, mine, 'x'.repeat(121));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Title must be at most 120 characters');
    const accepted = await complete(cookie, projectId, mine, '  Harbour\u202e at dawn\ntake 2  ');
    expect(accepted.statusCode, accepted.body).toBe(201);
    const added = accepted.json().media as MediaAsset;
    expect(added).toMatchObject({ kind: 'video', origin: 'uploaded', status: 'generating', videoUrl: null, title: 'Harbour at dawn take 2' });
    expect(added.duration).toBeCloseTo(2, 1);
    const ready = await readyAsset(cookie, projectId, added.id);
    expect(ready).toMatchObject({ status: 'ready', ...fixtureClipSize('16:9'), hasAudio: true, title: 'Harbour at dawn take 2' });
    expect(ready.duration).toBeCloseTo(2, 1);
    expect((await listMedia(cookie, projectId)).map((asset) => asset.id)).toEqual([projectId, added.id]);
    const file = await download(cookie, ready.videoUrl!, 'added.mp4');
    expect((await probeMedia(t.services.ffmpeg, file)).durationSeconds).toBeCloseTo(2, 1);
    // Uploads cost nothing; the ticket is spent and its file gone.
    expect(await credits(userId)).toBe(188);
    expect(await t.db.selectFrom('uploads').select('id').where('mediaId', '=', added.id).execute()).toEqual([]);
    expect((await complete(cookie, projectId, mine)).statusCode).toBe(400);
  });

  it('refuses bad requests plainly, charging nothing', async () => {
    const { cookie, userId, projectId } = await userWithProject();
    const refused = async (payload: object, status: number, message: string) => {
      const response = await generate(cookie, projectId, payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toContain(message);
    };
    await refused({ prompt: 'Too long', duration: 5 }, 400, 'Duration must be 4, 6 or 8 seconds');
    await refused({ prompt: '  ', duration: 4 }, 400, 'Prompt is required');
    await refused({ prompt: 'Later', duration: 4, continueFrom: { mediaId: projectId, at: 9 } }, 400, "continueFrom.at must be at most the clip's length");
    await refused({ prompt: 'Later', duration: 4, continueFrom: { mediaId: projectId, at: -1 } }, 400, 'continueFrom.at must be 0 or more');
    await refused({ prompt: 'Nowhere', duration: 4, continueFrom: { mediaId: 'no-such-clip' } }, 404, 'The clip to continue from was not found');
    expect(await credits(userId)).toBe(188);

    await adjustCredits(t.db, userId, 5, new Date());
    await refused({ prompt: 'Poor', duration: 4 }, 402, 'Insufficient credits. This shot needs 6 credits and you have 5.');
    expect(await credits(userId)).toBe(5);
    expect(await listMedia(cookie, projectId)).toHaveLength(1);
  });

  it('shows nobody else a project’s media, or lets them continue from it', async () => {
    const owner = await userWithProject();
    const other = await signUp(t.app, { username: uniqueName('other') });
    const [own] = await listMedia(owner.cookie, owner.projectId);
    const asOther = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: other.cookie }, payload });
    expect((await asOther('GET', `/api/projects/${owner.projectId}/media`)).statusCode).toBe(404);
    expect((await asOther('POST', `/api/projects/${owner.projectId}/media/generate`, { prompt: 'Mine now', duration: 4 })).statusCode).toBe(404);
    expect((await asOther('GET', own!.videoUrl!)).statusCode).toBe(404);
    expect((await asOther('GET', own!.posterUrl!)).statusCode).toBe(404);
    // Continuing someone else's clip from one's own project is refused as if it did not exist.
    const theirs = await userWithProject();
    const stolen = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${theirs.projectId}/media/generate`,
      headers: { cookie: theirs.cookie },
      payload: { prompt: 'Borrowed', duration: 4, continueFrom: { mediaId: owner.projectId } },
    });
    expect(stolen.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${owner.projectId}/media` })).statusCode).toBe(401);
  });

  it('says why a shot failed and gives its credits back', async () => {
    const { cookie, userId, projectId } = await userWithProject();
    const started = await generate(cookie, projectId, { prompt: 'A refused scene', duration: 6 });
    expect(started.statusCode, started.body).toBe(201);
    expect(await credits(userId)).toBe(179);
    const failed = await readyAsset(cookie, projectId, started.json().media.id);
    expect(failed).toMatchObject({ status: 'error', message: 'This prompt was blocked by the safety filter.', videoUrl: null });
    expect(await credits(userId)).toBe(188);
  });

  it('deletes a project’s shots with it: a generating one is cancelled and refunded, a ready one’s files removed', async () => {
    const { cookie, userId, projectId } = await userWithProject();
    const done = await generate(cookie, projectId, { prompt: 'Kept until deleted', duration: 4 });
    await readyAsset(cookie, projectId, done.json().media.id);
    const held = await generate(cookie, projectId, { prompt: 'A hold on the horizon', duration: 8 });
    expect(held.statusCode, held.body).toBe(201);
    await waitUntil(async () => model.requests.some((made) => made.prompt === 'A hold on the horizon'));
    expect(await credits(userId)).toBe(170);

    const shotsDir = path.join(t.dataDir, 'media', 'projects', projectId, 'media');
    expect((await fs.readdir(shotsDir)).length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}`, headers: { cookie } })).statusCode).toBe(200);
    expect(await credits(userId)).toBe(182);
    const jobsLeft = async () =>
      (await t.db.selectFrom('jobs').select('status').where('name', '=', 'generate-shot').where('status', 'in', ['queued', 'running']).execute()).length;
    await waitUntil(async () => (await jobsLeft()) === 0);
    expect(await fs.readdir(shotsDir).catch(() => [])).toEqual([]);
    expect(await t.db.selectFrom('mediaAssets').select('id').where('projectId', '=', projectId).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/media/${done.json().media.id}/video`, headers: { cookie } })).statusCode).toBe(404);
  });
});
