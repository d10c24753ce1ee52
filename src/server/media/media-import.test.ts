import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEditorState, newShot } from '../../shared/editor/editor-state.ts';
import { type ImportableClip, MAX_PROJECT_MEDIA, type MediaAsset } from '../../shared/schemas/media.ts';
import type { MediaAssetRow } from '../db/schema.ts';
import { storageKey } from '../providers/storage/storage.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { fixtureClipFile } from '../test-support/fixture-video-model.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';
import { insertMediaAsset } from './media-assets-repository.ts';
import { CLIP_TO_IMPORT_NOT_FOUND } from './media-import-service.ts';
import { watermarkedVideoKey } from './watermarked-video.ts';

const POSTER = Buffer.from('a poster, as far as storage can tell');

// The import copies rows and counts them (a count is a string on PostgreSQL), and decides who may take what.
describe.each(testDatabases())('importing a clip from another project on $name', (database) => {
  let t: TestApp;
  let clip: Buffer;
  let clipFile: string;

  beforeAll(async () => {
    // One app signs up several users from one address: the sign-up limit is scaled up.
    t = await createTestApp(database, { env: { RATE_LIMIT_SCALE: '100' } });
    clipFile = await fixtureClipFile('9:16', 1);
    clip = await fs.readFile(clipFile);
  });
  afterAll(() => t?.close());

  /** Stores the fixture clip, its free-plan copy and a poster under `base`, as a finished job leaves them. */
  async function storeClip(base: string): Promise<{ fileKey: string; posterKey: string }> {
    const fileKey = storageKey(`${base}.mp4`);
    const posterKey = storageKey(`${base}.jpg`);
    await t.services.storage.putFile(fileKey, clipFile, 'video/mp4');
    await t.services.storage.putFile(watermarkedVideoKey(fileKey), clipFile, 'video/mp4');
    await t.services.storage.putStream(posterKey, Readable.from([POSTER]), { contentType: 'image/jpeg' });
    return { fileKey, posterKey };
  }

  /** A ready project of `userId` whose own clip is the stored fixture. */
  async function project(userId: string, title: string): Promise<string> {
    const id = randomUUID();
    const { fileKey, posterKey } = await storeClip(`projects/${id}/video-a`);
    await insertReadyProject(t.db, userId, { id, title, duration: 1, videoKey: fileKey, thumbnailKey: posterKey });
    await t.db.updateTable('mediaAssets').set({ width: 144, height: 256, fps: 24, hasAudio: 1 }).where('id', '=', id).execute();
    return id;
  }

  /** A shot of `projectId` made directly: ready with stored files, or generating/failed without. */
  async function shot(userId: string, projectId: string, status: MediaAssetRow['status'] = 'ready', overrides: Partial<MediaAssetRow> = {}): Promise<string> {
    const id = randomUUID();
    const files = status === 'ready' ? await storeClip(`projects/${projectId}/media/${id}`) : { fileKey: null, posterKey: null };
    const at = new Date().toISOString();
    await insertMediaAsset(t.db, {
      id,
      projectId,
      userId,
      kind: 'video',
      origin: 'continuation',
      status,
      errorMessage: status === 'error' ? 'This prompt was blocked by the safety filter.' : null,
      ...files,
      duration: 1,
      width: 144,
      height: 256,
      fps: 24,
      hasAudio: 1,
      prompt: 'The boat leaves',
      continueFrom: null,
      createdAt: at,
      updatedAt: at,
      ...overrides,
    });
    return id;
  }

  const importClip = (cookie: string, projectId: string, mediaId: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/media/import`, headers: { cookie }, payload: { mediaId } });

  const listMedia = async (cookie: string, projectId: string): Promise<MediaAsset[]> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/media`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().media;
  };

  const fetchFile = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('copies another project’s clip into this one: ready at once, streamed, usable as a shot, and whole after either project is deleted', async () => {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('import') });
    const [here, source, other] = [await project(userId, 'Here'), await project(userId, 'Harbour'), await project(userId, 'Lighthouse')];
    const sourceShot = await shot(userId, source);

    // The other project's own clip, and a shot made in another one.
    const fromClip = await importClip(cookie, here, source);
    expect(fromClip.statusCode, fromClip.body).toBe(201);
    const fromShot = await importClip(cookie, here, sourceShot);
    expect(fromShot.statusCode, fromShot.body).toBe(201);
    const imported = [fromClip.json().media as MediaAsset, fromShot.json().media as MediaAsset];
    expect(imported[0]).toMatchObject({ kind: 'video', origin: 'imported', status: 'ready', duration: 1, width: 144, height: 256, hasAudio: true, prompt: 'A ready clip' });
    expect(imported[1]).toMatchObject({ origin: 'imported', status: 'ready', prompt: 'The boat leaves' });
    expect(imported.map((asset) => asset.id)).not.toContain(source);
    expect((await listMedia(cookie, here)).map((asset) => asset.id)).toEqual([here, ...imported.map((asset) => asset.id)]);

    // The copies are the project's own files, under its folder.
    const rows = await t.db.selectFrom('mediaAssets').selectAll().where('id', 'in', imported.map((asset) => asset.id)).execute();
    for (const row of rows) {
      expect(row.projectId).toBe(here);
      expect(row.fileKey).toMatch(new RegExp(`^projects/${here}/media/`));
      expect(row.posterKey).toMatch(new RegExp(`^projects/${here}/media/`));
      expect(row.charged).toBe(0);
    }

    // The saved edit may cut them, as any video of this project.
    const editorState = { ...defaultEditorState(here, 1), shots: [newShot('a', here, 1), newShot('b', imported[0]!.id, 1), newShot('c', imported[1]!.id, 1)] };
    const saved = await t.app.inject({ method: 'PATCH', url: `/api/projects/${here}`, headers: { cookie }, payload: { editorState } });
    expect(saved.statusCode, saved.body).toBe(200);

    // Deleting the source project leaves the copies playing, byte for byte.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${source}`, headers: { cookie } })).statusCode).toBe(200);
    for (const asset of imported) {
      const video = await fetchFile(cookie, asset.videoUrl!);
      expect(video.statusCode).toBe(200);
      expect(video.rawPayload.equals(clip)).toBe(true);
      const poster = await fetchFile(cookie, asset.posterUrl!);
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/jpeg');
      expect(poster.rawPayload.equals(POSTER)).toBe(true);
    }

    // And deleting the project that imported a clip leaves its source playing.
    const copied = await importClip(cookie, here, other);
    expect(copied.statusCode, copied.body).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${here}`, headers: { cookie } })).statusCode).toBe(200);
    const [otherClip] = await listMedia(cookie, other);
    expect((await fetchFile(cookie, otherClip!.videoUrl!)).rawPayload.equals(clip)).toBe(true);
    expect((await fetchFile(cookie, copied.json().media.videoUrl)).statusCode).toBe(404);
  });

  it('lists the creator’s ready videos in their other projects, newest first, with each project’s title', async () => {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('library') });
    const here = await project(userId, 'Here');
    await shot(userId, here);
    const source = await project(userId, 'Harbour');
    const ready = await shot(userId, source, 'ready', { createdAt: new Date(Date.now() + 60_000).toISOString() });
    await shot(userId, source, 'generating');
    await shot(userId, source, 'error');
    const stranger = await signUp(t.app, { username: uniqueName('stranger') });
    await project(stranger.userId, 'Not yours');

    const listed = await t.app.inject({ method: 'GET', url: `/api/projects/${here}/media/importable`, headers: { cookie } });
    expect(listed.statusCode, listed.body).toBe(200);
    const clips = listed.json().clips as ImportableClip[];
    expect(clips.map((one) => one.id)).toEqual([ready, source]);
    expect(clips[0]).toMatchObject({ projectId: source, projectTitle: 'Harbour', status: 'ready', origin: 'continuation', duration: 1 });
    expect(clips[1]).toMatchObject({ projectId: source, projectTitle: 'Harbour', origin: 'generated' });
    expect(clips[0]!.posterUrl).toMatch(new RegExp(`^/api/media/${ready}/poster`));

    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${here}/media/importable`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it('refuses plainly: a clip that is not there or not theirs, one already here, one not ready or failed, a full project', async () => {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('refused') });
    const here = await project(userId, 'Here');
    const source = await project(userId, 'Harbour');
    const stranger = await signUp(t.app, { username: uniqueName('stranger') });
    const theirs = await project(stranger.userId, 'Theirs');

    const refused = async (projectId: string, mediaId: unknown, status: number, message: string, as = cookie) => {
      const response = await importClip(as, projectId, mediaId);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toBe(message);
    };
    await refused(here, 'no-such-clip', 404, CLIP_TO_IMPORT_NOT_FOUND);
    await refused(here, theirs, 404, CLIP_TO_IMPORT_NOT_FOUND);
    await refused(theirs, source, 404, 'Project not found');
    await refused(here, '', 400, 'mediaId is required');
    await refused(here, here, 409, 'This clip is already in this project');
    await refused(here, await shot(userId, here), 409, 'This clip is already in this project');
    await refused(here, await shot(userId, source, 'generating'), 409, 'The clip to import is not ready yet');
    await refused(here, await shot(userId, source, 'error'), 409, 'The clip to import failed and has no video');
    await refused(here, await shot(userId, source, 'ready', { kind: 'audio' }), 400, 'Only a video can be imported');
    // The source's files going while they are copied (its project being deleted): as if it were not there, and
    // the copies made so far are removed.
    const stored = () => fs.readdir(`${t.dataDir}/media/projects/${here}/media`);
    const before = await stored();
    const vanishing = await shot(userId, source, 'ready', { posterKey: `projects/${source}/media/gone.jpg` });
    await refused(here, vanishing, 404, CLIP_TO_IMPORT_NOT_FOUND);
    expect(await stored()).toEqual(before);

    // A project holds at most MAX_PROJECT_MEDIA live clips; failed ones do not count.
    const live = await t.db.selectFrom('mediaAssets').select('id').where('projectId', '=', here).where('status', '!=', 'error').execute();
    for (let count = live.length; count < MAX_PROJECT_MEDIA; count++) await shot(userId, here, 'generating');
    await shot(userId, here, 'error');
    await refused(here, source, 409, `This project already holds ${MAX_PROJECT_MEDIA} clips, the most it can`);
    expect(await t.db.selectFrom('mediaAssets').select('id').where('projectId', '=', here).where('origin', '=', 'imported').execute()).toEqual([]);
  });

  it('holds a project to its media cap whichever way they come in at once: imports, shots and a voice-over', async () => {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('full') });
    await t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', userId).execute();
    const [here, source] = [await project(userId, 'Here'), await project(userId, 'Harbour')];
    // Ready shots made directly (their files are never read here): three places left.
    const at = new Date().toISOString();
    const filler = Array.from({ length: MAX_PROJECT_MEDIA - 4 }, () => ({
      id: randomUUID(),
      projectId: here,
      userId,
      kind: 'video' as const,
      origin: 'generated' as const,
      status: 'ready' as const,
      fileKey: `projects/${here}/media/filler.mp4`,
      duration: 1,
      createdAt: at,
      updatedAt: at,
    }));
    await t.db.insertInto('mediaAssets').values(filler).execute();
    const liveMedia = async () =>
      (await t.db.selectFrom('mediaAssets').select('id').where('projectId', '=', here).where('status', '!=', 'error').execute()).length;
    expect(await liveMedia()).toBe(MAX_PROJECT_MEDIA - 3);

    const voices = await t.app.inject({ method: 'GET', url: '/api/voices', headers: { cookie } });
    const voiceId = voices.json<{ voices: Array<{ id: string }> }>().voices[0]!.id;
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/projects/${here}${url}`, headers: { cookie }, payload });
    const answers = await Promise.all([
      importClip(cookie, here, source),
      importClip(cookie, here, source),
      importClip(cookie, here, source),
      post('/media/generate', { prompt: 'The boat leaves', duration: 4 }),
      post('/media/generate', { prompt: 'The boat leaves', duration: 4 }),
      post('/media/generate', { prompt: 'The boat leaves', duration: 4 }),
      post('/voiceovers', { script: 'The boat leaves the harbour.', voiceId }),
    ]);
    const refusals = answers.filter((answer) => answer.statusCode !== 201);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    for (const refusal of refusals) {
      expect(refusal.statusCode, refusal.body).toBe(409);
      expect(refusal.json()).toEqual({ message: `This project already holds ${MAX_PROJECT_MEDIA} clips, the most it can` });
    }
    expect(await liveMedia()).toBe(MAX_PROJECT_MEDIA);
    // An extension adds a shot too.
    const extension = await post('/extend', { prompt: 'The boat reaches the sea' });
    expect(extension.statusCode, extension.body).toBe(409);
    expect(extension.json()).toEqual({ message: `This project already holds ${MAX_PROJECT_MEDIA} clips, the most it can` });
    expect(await liveMedia()).toBe(MAX_PROJECT_MEDIA);
  });
});
