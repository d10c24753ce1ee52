import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorState, defaultEditorState, newShot } from '../../shared/editor/editor-state.ts';
import type { MediaAsset } from '../../shared/schemas/media.ts';
import type { Project } from '../../shared/schemas/project.ts';
import type { VideoModel } from '../providers/video-model/video-model.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { createFixtureVideoModel, fixtureClipFile } from '../test-support/fixture-video-model.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';

/**
 * The Add shot dialog's promise (issue 42.9): "It is added to the sequence as soon as it is ready. You can close
 * this dialog". No client takes part between the request and the checks below: the dialog is closed, the page gone.
 */
describe.each(testDatabases())('a shot asked to join the sequence, on $name', (database) => {
  let t: TestApp;
  /** A shot whose prompt says "(held)" is not made until the test lets it go (holdShots). */
  let held: Promise<void> = Promise.resolve();
  const holdShots = (): (() => void) => {
    let letGo = () => {};
    held = new Promise((resolve) => {
      letGo = resolve;
    });
    return letGo;
  };
  beforeAll(async () => {
    const fixture = createFixtureVideoModel();
    const videoModel: VideoModel = {
      ...fixture,
      async generateSegment(request) {
        if (request.prompt.includes('(held)')) await held;
        return fixture.generateSegment(request);
      },
    };
    t = await createTestApp(database, { runJobs: true, services: { videoModel } });
  });
  afterAll(() => t?.close());

  const getProject = (cookie: string, id: string): Promise<Project> => t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: { cookie } }).then((r) => r.json());
  const listMedia = (cookie: string, id: string): Promise<MediaAsset[]> =>
    t.app.inject({ method: 'GET', url: `/api/projects/${id}/media`, headers: { cookie } }).then((r) => r.json().media);
  const save = async (cookie: string, id: string, payload: object): Promise<Project> => {
    const response = await t.app.inject({ method: 'PATCH', url: `/api/projects/${id}`, headers: { cookie }, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const requestShot = (cookie: string, id: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/projects/${id}/media/generate`, headers: { cookie }, payload });
  const generate = async (cookie: string, id: string, payload: object): Promise<MediaAsset> => {
    const response = await requestShot(cookie, id, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().media;
  };
  const ready = async (cookie: string, projectId: string, mediaId: string): Promise<MediaAsset> => {
    let found: MediaAsset | undefined;
    await waitUntil(async () => {
      found = (await listMedia(cookie, projectId)).find((asset) => asset.id === mediaId);
      return found?.status === 'ready';
    }, 60_000);
    return found!;
  };

  /** A Pro user (shots are free) with a ready 8 s project whose edit is its clip cut in two. */
  async function editedProject() {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('placed') });
    await t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', userId).execute();
    const project = await insertReadyProject(t.db, userId);
    const base = defaultEditorState(project.id, 8);
    const edit: EditorState = { ...base, shots: [{ ...newShot('first', project.id, 8), out: 4 }, { ...newShot('second', project.id, 8), in: 4 }] };
    const loaded = await save(cookie, project.id, { editorState: edit, placedShotsSeen: 0 });
    return { cookie, projectId: project.id, edit, loaded };
  }

  it('appends the shot to the saved edit when its job ends, after the shot it was asked to follow; a shot not asked for stays in the media only', async () => {
    const { cookie, projectId, loaded } = await editedProject();
    expect(loaded.placedShots).toBe(0);
    const asked = await generate(cookie, projectId, { prompt: 'A gull takes off', duration: 4, addToSequence: { afterShotId: 'first' } });
    const notAsked = await generate(cookie, projectId, { prompt: 'A boat', duration: 4 });
    const shot = await ready(cookie, projectId, asked.id);
    await ready(cookie, projectId, notAsked.id);

    const project = await getProject(cookie, projectId);
    expect(project.editorState?.shots.map((candidate) => candidate.id)).toEqual(['first', `shot-${asked.id}`, 'second']);
    expect(project.editorState?.shots[1]).toMatchObject({ mediaId: asked.id, in: 0, out: shot.duration, transition: { kind: 'cut' } });
    expect(project.duration).toBeCloseTo(8 + shot.duration, 2);
    expect(project.placedShots).toBe(1);
    expect(shot.sequence).toEqual({ afterShotId: 'first', placed: 1 });
    expect((await listMedia(cookie, projectId)).find((asset) => asset.id === notAsked.id)?.sequence).toBeUndefined();
  });

  it('keeps the shot when a client that has not seen it saves over it; a client that has seen it may delete it', async () => {
    const { cookie, projectId, edit } = await editedProject();
    const asked = await generate(cookie, projectId, { prompt: 'A gull lands', duration: 4, addToSequence: { afterShotId: 'second' } });
    // The editor goes on editing while the shot is made, and after: its edit never had the shot.
    await save(cookie, projectId, { editorState: { ...edit, visualEffect: 'vintage' }, placedShotsSeen: 0 });
    await ready(cookie, projectId, asked.id);
    const stale = await save(cookie, projectId, { editorState: { ...edit, visualEffect: 'sepia' }, placedShotsSeen: 0 });
    const placedId = `shot-${asked.id}`;
    expect(stale.editorState?.shots.map((shot) => shot.id)).toEqual(['first', 'second', placedId]);
    expect(stale.editorState?.visualEffect).toBe('sepia');
    expect((await getProject(cookie, projectId)).editorState?.shots.map((shot) => shot.id)).toEqual(['first', 'second', placedId]);

    // The editor learnt of it (placedShots 1) and the creator deleted it: that is kept too.
    const deleted = await save(cookie, projectId, { editorState: edit, placedShotsSeen: 1 });
    expect(deleted.editorState?.shots.map((shot) => shot.id)).toEqual(['first', 'second']);
    expect((await getProject(cookie, projectId)).editorState?.shots.map((shot) => shot.id)).toEqual(['first', 'second']);
  });

  it('appends an uploaded video the same way once it is processed, last when the shot it was to follow is gone', async () => {
    const { cookie, projectId, edit } = await editedProject();
    const { uploadURL } = (await t.app.inject({ method: 'POST', url: '/api/videos/upload', headers: { cookie } })).json();
    const put = await t.app.inject({ method: 'PUT', url: new URL(uploadURL).pathname, headers: { cookie, 'content-type': 'video/mp4' }, payload: await fs.readFile(await fixtureClipFile('9:16', 2)) });
    expect(put.statusCode, put.body).toBe(200);
    const completed = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/media/complete-upload`,
      headers: { cookie },
      payload: { videoURL: uploadURL, addToSequence: { afterShotId: 'first' } },
    });
    expect(completed.statusCode, completed.body).toBe(201);
    const uploaded = completed.json().media as MediaAsset;
    // Meanwhile the creator deleted the shot it was to follow.
    await save(cookie, projectId, { editorState: { ...edit, shots: edit.shots.slice(1) }, placedShotsSeen: 0 });
    const clip = await ready(cookie, projectId, uploaded.id);
    const shots = (await getProject(cookie, projectId)).editorState?.shots;
    expect(shots?.map((shot) => shot.id)).toEqual(['second', `shot-${uploaded.id}`]);
    expect(shots?.[1]).toMatchObject({ mediaId: uploaded.id, in: 0, out: clip.duration });
  });

  /**
   * A ready project of a 300 s clip whose edit is two shots of it: `first` whole and `second` of `secondSeconds`
   * (issue 42: a video is at most 10 minutes). A Pro user unless `credits` makes it a free user with that balance.
   */
  async function longProject(secondSeconds: number, credits?: number) {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('long') });
    const plan = credits === undefined ? { subscription: 'pro' as const } : { credits };
    await t.db.updateTable('users').set(plan).where('id', '=', userId).execute();
    const project = await insertReadyProject(t.db, userId, { duration: 300, targetDuration: 300 });
    const edit = (second: number): EditorState => ({
      ...defaultEditorState(project.id, 300),
      shots: [newShot('first', project.id, 300), { ...newShot('second', project.id, 300), out: second }],
    });
    await save(cookie, project.id, { editorState: edit(secondSeconds), placedShotsSeen: 0 });
    return { cookie, projectId: project.id, edit };
  }
  const TOO_LONG_WITH_SHOT = /^A video can be at most 10 minutes long; with this shot the sequence would run 10:0\d\. Trim or remove shots\.$/;

  it('leaves out a shot that would take the video past 10 minutes: the clip stays in the media, saying why', async () => {
    const { cookie, projectId, edit } = await longProject(290);
    const letGo = holdShots();
    let asked: MediaAsset;
    try {
      // 590 s and an 8 s shot fit when it is asked for; then the creator lengthens the sequence to 596 s.
      asked = await generate(cookie, projectId, { prompt: 'A gull takes off (held)', duration: 8, addToSequence: { afterShotId: 'first' } });
      await save(cookie, projectId, { editorState: edit(296), placedShotsSeen: 0 });
    } finally {
      letGo();
    }
    const clip = await ready(cookie, projectId, asked.id);
    expect(clip.videoUrl).not.toBeNull();
    expect(clip.sequence).toMatchObject({ afterShotId: 'first', placed: null });
    expect(clip.sequence?.notPlaced).toMatch(TOO_LONG_WITH_SHOT);
    const project = await getProject(cookie, projectId);
    expect(project.editorState?.shots.map((shot) => shot.id)).toEqual(['first', 'second']);
    expect(project.duration).toBe(596);
    expect(project.placedShots).toBe(0);
  });

  it('refuses Add shot up front when the shot would take the saved sequence past 10 minutes: 400, nothing charged or made', async () => {
    const { cookie, projectId, edit } = await longProject(296, 100);
    const generated = await requestShot(cookie, projectId, { prompt: 'A gull takes off', duration: 8, addToSequence: { afterShotId: 'first' } });
    expect(generated.statusCode, generated.body).toBe(400);
    expect(generated.json().message).toBe('A video can be at most 10 minutes long; with this shot the sequence would run 10:04. Trim or remove shots.');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user.credits).toBe(100);
    expect((await listMedia(cookie, projectId)).map((asset) => asset.id)).toEqual([projectId]);
    // Into the media alone it is made.
    await generate(cookie, projectId, { prompt: 'A gull takes off', duration: 8 });

    // An uploaded 2 s video: 599.5 s of sequence cannot take it. The upload is kept for another try.
    await save(cookie, projectId, { editorState: edit(299.5), placedShotsSeen: 0 });
    const { uploadURL } = (await t.app.inject({ method: 'POST', url: '/api/videos/upload', headers: { cookie } })).json();
    const put = await t.app.inject({ method: 'PUT', url: new URL(uploadURL).pathname, headers: { cookie, 'content-type': 'video/mp4' }, payload: await fs.readFile(await fixtureClipFile('9:16', 2)) });
    expect(put.statusCode, put.body).toBe(200);
    const complete = (payload: object) => t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/media/complete-upload`, headers: { cookie }, payload: { videoURL: uploadURL, ...payload } });
    const refused = await complete({ addToSequence: { afterShotId: null } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toMatch(TOO_LONG_WITH_SHOT);
    const intoMedia = await complete({});
    expect(intoMedia.statusCode, intoMedia.body).toBe(201);
  });

  it('refuses Add shot up front into a sequence of 40 shots, the most a video holds', async () => {
    const { cookie, projectId, edit } = await longProject(10);
    const full = { ...edit(10), shots: Array.from({ length: 40 }, (_, index) => ({ ...newShot(`s${String(index)}`, projectId, 300), out: 1 })) };
    await save(cookie, projectId, { editorState: full, placedShotsSeen: 0 });
    const refused = await requestShot(cookie, projectId, { prompt: 'A gull takes off', duration: 4, addToSequence: { afterShotId: 's0' } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe('A video holds at most 40 shots');
  });

  it('refuses a save that would put a placed shot back past 10 minutes, and keeps the saved edit', async () => {
    const { cookie, projectId, edit } = await longProject(290);
    const asked = await generate(cookie, projectId, { prompt: 'A gull lands', duration: 8, addToSequence: { afterShotId: 'second' } });
    const shot = await ready(cookie, projectId, asked.id);
    const placed = ['first', 'second', `shot-${asked.id}`];
    expect((await getProject(cookie, projectId)).editorState?.shots.map((candidate) => candidate.id)).toEqual(placed);

    // A tab that has not heard of the shot lengthens the second one to 299 s: with the shot put back, over 10 minutes.
    const stale = await t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}`, headers: { cookie }, payload: { editorState: edit(299), placedShotsSeen: 0 } });
    expect(stale.statusCode, stale.body).toBe(400);
    expect(stale.json().message).toMatch(/^A video can be at most 10 minutes long; this sequence runs 10:0\d\. Trim or remove shots\.$/);
    const kept = await getProject(cookie, projectId);
    expect(kept.editorState?.shots.map((candidate) => candidate.id)).toEqual(placed);
    expect(kept.duration).toBeCloseTo(590 + shot.duration, 2);
  });
});
