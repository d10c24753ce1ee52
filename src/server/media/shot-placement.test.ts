import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorState, defaultEditorState, newShot } from '../../shared/editor/editor-state.ts';
import type { MediaAsset } from '../../shared/schemas/media.ts';
import type { Project } from '../../shared/schemas/project.ts';
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
  beforeAll(async () => {
    t = await createTestApp(database, { runJobs: true, services: { videoModel: createFixtureVideoModel() } });
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
  const generate = async (cookie: string, id: string, payload: object): Promise<MediaAsset> => {
    const response = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/media/generate`, headers: { cookie }, payload });
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
});
