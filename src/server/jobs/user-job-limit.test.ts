import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findUserById } from '../auth/users-repository.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { makeTestClip } from '../test-support/test-clips.ts';
import { uniqueName } from '../test-support/unique-name.ts';

const FULL = 'You already have 6 videos being made or exported — wait for one to finish.';
const generation = { title: 'Paper boats', prompt: 'Paper boats racing down a rainy gutter', aspectRatio: '9:16', duration: 8 };
const EXPORT_SETTINGS = ['720p', '1080p'].flatMap((resolution) =>
  ['mp4', 'mov'].flatMap((format) => ['high', 'medium', 'low'].map((quality) => ({ resolution, format, quality }))),
);

// Jobs are not run here: what is queued stays queued, as it would behind a busy worker. One app for the
// describe; the limit is per user, and each test has a user of their own.
describe.each(testDatabases())('jobs per user on $name', (database) => {
  let t: TestApp;
  let user: { cookie: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    user = await signUp(t.app, { username: uniqueName('busy-bee') });
  });

  /** A ready project of the user, made directly: its exports are never rendered in these tests. */
  const readyProject = async () => (await insertReadyProject(t.db, user.userId)).id;

  const post = (url: string, payload: object, cookie = user.cookie) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const exportOf = (projectId: string, settings: object) => post(`/api/projects/${projectId}/export`, settings);
  const anyVoice = async () => (await t.app.inject({ method: 'GET', url: '/api/voices', headers: { cookie: user.cookie } })).json<{ voices: Array<{ id: string }> }>().voices[0]!.id;
  const credits = async () => (await findUserById(t.db, user.userId))!.credits;

  it('answers 429 to a 7th generation, export or extension while six are queued or running, and charges nothing for it', async () => {
    const projectId = await readyProject();
    for (const settings of EXPORT_SETTINGS.slice(0, 3)) expect((await exportOf(projectId, settings)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await post('/api/projects', generation)).statusCode).toBe(201);
    const balance = await credits();

    for (const refused of [
      await post('/api/projects', generation),
      await exportOf(projectId, EXPORT_SETTINGS[3]!),
      await post(`/api/projects/${projectId}/extend`, { prompt: 'The boats reach the sea' }),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: FULL });
    }
    expect(await credits()).toBe(balance);
    expect(await t.db.selectFrom('videoProjects').select('id').where('userId', '=', user.userId).execute()).toHaveLength(4);

    // Another user is not held back by this one's queue.
    const other = await signUp(t.app, { username: uniqueName('other-bee') });
    expect((await post('/api/projects', generation, other.cookie)).statusCode).toBe(201);

    // Once one finishes, there is room again.
    await t.db.updateTable('exportJobs').set({ status: 'completed' }).where('userId', '=', user.userId).where('settings', 'like', '%"low"%').execute();
    expect((await exportOf(projectId, EXPORT_SETTINGS[3]!)).statusCode).toBe(200);
  });

  it('counts an upload being processed as a job: the 7th answers 429 and its ticket stays usable', async () => {
    for (let i = 0; i < 6; i += 1) expect((await post('/api/projects', generation)).statusCode).toBe(201);
    const { uploadURL } = (await post('/api/videos/upload', {})).json();
    const clip = path.join(t.dataDir, `${user.userId}.mp4`);
    await makeTestClip(clip, { width: 320, height: 568, seconds: 1 });
    const put = await t.app.inject({
      method: 'PUT',
      url: new URL(uploadURL).pathname,
      headers: { cookie: user.cookie, 'content-type': 'video/mp4' },
      payload: await fs.readFile(clip),
    });
    expect(put.statusCode).toBe(200);

    const refused = await post('/api/videos/complete-upload', { videoURL: uploadURL, title: 'Seventh' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: FULL });
    expect(await t.db.selectFrom('videoProjects').select('id').where('userId', '=', user.userId).where('source', '=', 'upload').execute()).toEqual([]);

    await t.db.updateTable('videoProjects').set({ status: 'error' }).where('userId', '=', user.userId).execute();
    const accepted = await post('/api/videos/complete-upload', { videoURL: uploadURL, title: 'Seventh' });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ status: 'generating', source: 'upload' });
  });

  it('counts shots being made: of seven simultaneous shots of a Pro user six start, and a voice-over and an export then answer 429', async () => {
    await t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', user.userId).execute();
    const projectId = await readyProject();
    const shot = { prompt: 'A paper boat in the rain', duration: 4 };
    const answers = await Promise.all(Array.from({ length: 7 }, () => post(`/api/projects/${projectId}/media/generate`, shot)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 201, 429]);
    expect(answers.find((answer) => answer.statusCode === 429)!.json()).toEqual({ message: FULL });

    for (const refused of [
      await post(`/api/projects/${projectId}/voiceovers`, { script: 'Paper boats race.', voiceId: await anyVoice() }),
      await exportOf(projectId, EXPORT_SETTINGS[0]!),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: FULL });
    }
    const made = await t.db.selectFrom('mediaAssets').select('origin').where('userId', '=', user.userId).where('id', '!=', projectId).execute();
    expect(made.map((asset) => asset.origin)).toEqual(Array(6).fill('generated'));
    expect(await t.db.selectFrom('exportJobs').select('id').where('userId', '=', user.userId).execute()).toEqual([]);
  });

  it('counts an extension once: five more jobs fit beside it', async () => {
    const projectId = await readyProject();
    expect((await post(`/api/projects/${projectId}/extend`, { prompt: 'The boats reach the sea' })).statusCode).toBe(200);
    const other = await readyProject();
    for (const settings of EXPORT_SETTINGS.slice(0, 5)) expect((await exportOf(other, settings)).statusCode).toBe(200);
    expect((await exportOf(other, EXPORT_SETTINGS[5]!)).statusCode).toBe(429);
  });

  it('counts simultaneous requests one after the other: six of ten start, four get 429', async () => {
    const projectId = await readyProject();
    const answers = await Promise.all(EXPORT_SETTINGS.slice(0, 10).map((settings) => exportOf(projectId, settings)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
    expect(await t.db.selectFrom('exportJobs').select('id').where('userId', '=', user.userId).execute()).toHaveLength(6);
  });

  it('answers two simultaneous identical export requests with one job, rendered once', async () => {
    const projectId = await readyProject();
    const settings = { resolution: '1080p', format: 'mp4', quality: 'high' };
    const [first, second] = await Promise.all([exportOf(projectId, settings), exportOf(projectId, settings)]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect(second!.json().jobId).toBe(first!.json().jobId);
    // A third, later, still gets the same one while it is pending; other settings are another export.
    expect((await exportOf(projectId, settings)).json().jobId).toBe(first!.json().jobId);
    const other = await exportOf(projectId, { ...settings, quality: 'low' });
    expect(other.json().jobId).not.toBe(first!.json().jobId);
    // A platform is part of the settings: the same size for Instagram Reels is another file, asked for twice one export.
    const forReels = await exportOf(projectId, { ...settings, platform: 'instagram-reels' });
    expect([first!.json().jobId, other.json().jobId]).not.toContain(forReels.json().jobId);
    expect((await exportOf(projectId, { ...settings, platform: 'instagram-reels' })).json().jobId).toBe(forReels.json().jobId);

    expect(await t.db.selectFrom('exportJobs').select('id').where('projectId', '=', projectId).execute()).toHaveLength(3);
    expect(await t.db.selectFrom('jobs').select('id').where('userId', '=', user.userId).where('name', '=', 'export-video').execute()).toHaveLength(3);
  });
});
