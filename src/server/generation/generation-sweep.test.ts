import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../auth/users-repository.ts';
import type { Queue } from '../jobs/index.ts';
import { spendCredits } from '../credits/credit-ledger.ts';
import { findProject, updateProject } from '../projects/projects-repository.ts';
import { jobDefinitionsFor } from '../services.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { createFixtureVideoModel, fixtureClipFile } from '../test-support/fixture-video-model.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';
import { uploadProject } from '../test-support/uploaded-project.ts';
import { createExtensionService } from './extension-service.ts';
import { requeueUnfinishedGenerations } from './generation-sweep.ts';

let clipFile: string;
beforeAll(async () => {
  clipFile = await fixtureClipFile('16:9', 2);
});

describe.each(testDatabases())('the start-up sweep on $name, for extensions', (database) => {
  const newApp = () => createTestApp(database, { env: { PUBLIC_URL: 'http://reel.test' }, services: { videoModel: createFixtureVideoModel() } });
  /**
   * One app for the tests that do not run jobs. The sweep looks at every project and job of the database, so
   * each test deletes its project afterwards (which cancels its jobs and removes its exports) and reads only
   * its own project's jobs; the test that starts the queue has an app of its own.
   */
  let shared: TestApp;
  let t: TestApp;
  let made: { app: TestApp; cookie: string; projectId: string } | undefined;
  beforeAll(async () => {
    shared = await newApp();
  });
  afterAll(() => shared.close());
  afterEach(async () => {
    if (made) {
      const deleted = await made.app.app.inject({ method: 'DELETE', url: `/api/projects/${made.projectId}`, headers: { cookie: made.cookie } });
      expect(deleted.statusCode).toBeLessThan(300);
    }
    if (t !== shared) await t.close();
    made = undefined;
  });

  /** A new user with a ready 2-second uploaded video in `app`; jobs do not run until a test starts the queue. */
  async function readyProject(app: TestApp = shared) {
    t = app;
    const { cookie, userId } = await signUp(t.app, { username: `extender-${randomUUID().slice(0, 8)}` });
    const project = await uploadProject(t, cookie, clipFile, 'Short');
    made = { app: t, cookie, projectId: project.id };
    expect(project.status).toBe('ready');
    const user = (await findUserById(t.db, userId))!;
    return { cookie, user, project };
  }

  const extend = (cookie: string, id: string, prompt: string) =>
    t.app.inject({ method: 'POST', url: `/api/projects/${id}/extend`, headers: { cookie }, payload: { prompt } });
  /** The project's extension jobs, oldest first. */
  const jobs = async (projectId: string) =>
    (await t.db.selectFrom('jobs').select(['id', 'name', 'payload', 'status']).where('name', '=', 'extend-video').orderBy('createdAt').execute()).filter(
      (job) => (JSON.parse(job.payload) as { projectId: string }).projectId === projectId,
    );
  async function credits(userId: string) {
    const { credits: balance } = await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
    const { total } = await t.db.selectFrom('creditLedger').select(sql<number>`coalesce(sum(delta), 0)`.as('total')).where('userId', '=', userId).executeTakeFirstOrThrow();
    expect(Number(total)).toBe(balance);
    return balance;
  }

  it('queues again an extension lost between its commit and its enqueue, and it appends its shot', async () => {
    const { user, project } = await readyProject(await newApp());
    // The process dies right after the transaction that charged for the extension: the job never reaches the queue.
    const crashed: Queue = { ...t.services.queue, enqueue: async () => {} };
    await createExtensionService({ db: t.db, queue: crashed, extensionModel: t.services.extensionModel, maxActiveJobsPerUser: t.config.maxActiveJobsPerUser }).extend(user, project.id, 'A comet crosses the sky');
    expect(await jobs(project.id)).toEqual([]);

    expect(await requeueUnfinishedGenerations(t.db, t.services.queue, t.services.logger)).toBe(1);
    const pending = (await findProject(t.db, project.id))!;
    const shot = await t.db.selectFrom('mediaAssets').selectAll().where('projectId', '=', project.id).where('origin', '=', 'extension').executeTakeFirstOrThrow();
    expect(shot).toMatchObject({ status: 'generating', prompt: 'A comet crosses the sky', charged: 12 });
    const [job] = await jobs(project.id);
    expect(job).toMatchObject({ id: pending.extensionJobId, status: 'queued' });
    expect(JSON.parse(job!.payload)).toEqual({ projectId: project.id, mediaId: shot.id });

    t.services.queue.start(jobDefinitionsFor(t.services));
    await waitUntil(async () => (await findProject(t.db, project.id))?.status !== 'generating', 60_000);
    const done = (await findProject(t.db, project.id))!;
    expect(done).toMatchObject({ status: 'ready', videoKey: pending.videoKey, extensionJobId: null, extensionPrompt: null, extensionCharged: null });
    expect(done.duration).toBeCloseTo(2, 1);
    expect(done.outputDuration).toBeCloseTo(10, 1);
    expect(JSON.parse(done.editorState!).shots.map((one: { mediaId: string }) => one.mediaId)).toEqual([project.id, shot.id]);
    expect(await credits(user.id)).toBe(200 - 12);
    expect(await requeueUnfinishedGenerations(t.db, t.services.queue, t.services.logger)).toBe(0);
  });

  it('queues again, under its recorded id, an extension charged by an earlier version (no shot), which fails with a refund', async () => {
    const { user, project } = await readyProject();
    await t.db.transaction().execute(async (trx) => {
      await spendCredits(trx, user, 12, 'extension', project.id, new Date());
      await updateProject(trx, project.id, { status: 'generating', extensionJobId: `extend-video:${project.id}:earlier`, extensionPrompt: 'Old', extensionCharged: 12, extensionMethod: 'last-frame' }, 'ready');
    });
    expect(await requeueUnfinishedGenerations(t.db, t.services.queue, t.services.logger)).toBe(1);
    const [job] = await jobs(project.id);
    expect(job).toMatchObject({ id: `extend-video:${project.id}:earlier`, status: 'queued' });
    const definition = jobDefinitionsFor(t.services)['extend-video'];
    const payload = JSON.parse(job!.payload);
    const context = { jobId: job!.id, attempt: 1, signal: new AbortController().signal, logger: t.services.logger };
    const failure = await definition.run(payload, context).then(() => undefined, (error: unknown) => error as Error);
    expect(failure?.message).toBe('It was started before an update and could not be finished — please try again.');
    await definition.fail(payload, failure!.message);
    expect((await findProject(t.db, project.id))!).toMatchObject({ status: 'ready', extensionJobId: null, errorMessage: expect.stringContaining('before an update') });
    expect(await credits(user.id)).toBe(200);
    await t.db.deleteFrom('jobs').where('id', '=', job!.id).execute(); // run here, not by the queue
  });

  it('leaves an extension whose job is still queued as it is: no second job', async () => {
    const { cookie, project } = await readyProject();
    expect((await extend(cookie, project.id, 'Rain begins')).statusCode).toBe(200);
    const before = await jobs(project.id);
    expect(before).toHaveLength(1);

    expect(await requeueUnfinishedGenerations(t.db, t.services.queue, t.services.logger)).toBe(1);
    expect(await jobs(project.id)).toEqual(before);
  });

  it('gives an extension tried again after a failed one a job of its own', async () => {
    const { cookie, user, project } = await readyProject();
    expect((await extend(cookie, project.id, 'Something unsafe')).statusCode).toBe(200);
    const [first] = await jobs(project.id);
    // What the queue does when a job fails for good: the row stays, marked failed, and `fail` records it.
    await t.db.updateTable('jobs').set({ status: 'failed' }).where('id', '=', first!.id).execute();
    await jobDefinitionsFor(t.services)['extend-video'].fail(JSON.parse(first!.payload), 'Veo blocked this prompt.');
    expect((await findProject(t.db, project.id))!).toMatchObject({ status: 'ready', extensionJobId: null });
    expect(await credits(user.id)).toBe(200);
    // Failed twice over (the queue's record and a late duplicate) it still pays back once.
    await jobDefinitionsFor(t.services)['extend-video'].fail(JSON.parse(first!.payload), 'Veo blocked this prompt.');
    expect(await credits(user.id)).toBe(200);

    expect((await extend(cookie, project.id, 'Something calm')).statusCode).toBe(200);
    const after = await jobs(project.id);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ id: (await findProject(t.db, project.id))!.extensionJobId, status: 'queued' });
    const second = await t.db.selectFrom('mediaAssets').select('prompt').where('id', '=', JSON.parse(after[1]!.payload).mediaId).executeTakeFirstOrThrow();
    expect(second.prompt).toBe('Something calm');
  });

  it('queues again a pending export whose job was lost (e.g. left in a queue that no longer runs)', async () => {
    const { cookie, project } = await readyProject();
    const started = await t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/export`, headers: { cookie }, payload: { resolution: '720p', format: 'mp4', quality: 'low' } });
    const { jobId } = started.json();
    await t.db.deleteFrom('jobs').where('id', '=', `export-video:${jobId}`).execute();

    expect(await requeueUnfinishedGenerations(t.db, t.services.queue, t.services.logger)).toBe(1);
    expect(await t.db.selectFrom('jobs').select(['id', 'status']).where('id', '=', `export-video:${jobId}`).execute()).toEqual([
      { id: `export-video:${jobId}`, status: 'queued' },
    ]);
  });

  it('queues again a shot being generated whose job was lost, and only that one', async () => {
    const { cookie, project } = await readyProject();
    const started = await t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/media/generate`, headers: { cookie }, payload: { prompt: 'A gull', duration: 4 } });
    expect(started.statusCode, started.body).toBe(201);
    const mediaId = started.json().media.id as string;
    await t.db.deleteFrom('jobs').where('id', '=', `generate-shot:${mediaId}`).execute();

    expect(await requeueUnfinishedGenerations(t.db, t.services.queue, t.services.logger)).toBe(1);
    expect(await t.db.selectFrom('jobs').select(['id', 'status']).where('name', '=', 'generate-shot').execute()).toEqual([
      { id: `generate-shot:${mediaId}`, status: 'queued' },
    ]);
  });

  it('refunds and answers 503 when the queue cannot take the extension', async () => {
    const { user, project } = await readyProject();
    const down: Queue = { ...t.services.queue, enqueue: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')) };
    await expect(createExtensionService({ db: t.db, queue: down, extensionModel: t.services.extensionModel, maxActiveJobsPerUser: t.config.maxActiveJobsPerUser }).extend(user, project.id, 'A comet')).rejects.toMatchObject({
      status: 503,
      message: 'The video service is unavailable right now. Your credits were refunded.',
    });
    expect((await findProject(t.db, project.id))!).toMatchObject({ status: 'ready', duration: project.duration, extensionJobId: null });
    expect(await credits(user.id)).toBe(200);
    expect(await requeueUnfinishedGenerations(t.db, t.services.queue, t.services.logger)).toBe(0);
  });
});
