import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustCredits } from '../credits/credit-ledger.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';

const valid = { title: 'Sunset drive', prompt: 'A car on a coastal road at sunset', aspectRatio: '9:16', duration: 15, provider: 'veo', model: 'veo-3.1-fast', resolution: '720p' };

describe.each(testDatabases())('projects API on $name', (database) => {
  // One app for the file, users of their own per test. Jobs are not run here: these tests are about the
  // request, the charge and the rows. Its many sign-ups come from one address, so the per-IP limits are raised.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, { env: { RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => t.close());

  const create = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload });
  const balance = async (userId: string) =>
    (await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits;
  const projectsOf = (userId: string) => t.db.selectFrom('videoProjects').select('id').where('userId', '=', userId).execute();
  const jobsOf = (userId: string) => t.db.selectFrom('jobs').selectAll().where('userId', '=', userId).execute();
  const ledgerSum = async (userId: string) =>
    Number(
      (
        await t.db
          .selectFrom('creditLedger')
          .select(sql<number>`coalesce(sum(delta), 0)`.as('total'))
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow()
      ).total,
    );

  it('creates a generating project, charges 12 credits per 8-second segment and queues its job', async () => {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('maya') });
    const response = await create(cookie, valid);
    expect(response.statusCode).toBe(201);
    const project = response.json();
    expect(project).toMatchObject({
      title: 'Sunset drive',
      status: 'generating',
      aspectRatio: '9:16',
      targetDuration: 15,
      totalSegments: 2,
      currentSegment: 0,
      source: 'ai-generated',
      provider: 'veo',
      model: 'veo-3.1-fast',
      resolution: '720p',
      videoUrl: null,
    });
    expect(await balance(userId)).toBe(200 - 24);
    expect(await ledgerSum(userId)).toBe(200 - 24);
    const jobs = await jobsOf(userId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ name: 'generate-video', status: 'queued' });
    expect(JSON.parse(jobs[0]!.payload)).toEqual({ projectId: project.id });
  });

  it.each([
    [8, 12],
    [30, 48],
    [60, 96],
    [90, 144],
    [120, 192],
    [180, 288],
  ])('a %i s video costs %i credits', async (duration, cost) => {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName(`user${duration}`) });
    await adjustCredits(t.db, userId, 1000, new Date());
    expect((await create(cookie, { ...valid, duration })).statusCode).toBe(201);
    expect(await balance(userId)).toBe(1000 - cost);
  });

  it.each([
    [{ duration: 20 }, 'Duration must be 8, 15, 30, 60, 90, 120, or 180 seconds'],
    [{ aspectRatio: '1:1' }, 'Aspect ratio must be 9:16 or 16:9'],
    [{ title: '  ' }, 'Title is required'],
    [{ prompt: '' }, 'Prompt is required'],
    [{ provider: 'sora' }, 'Provider must be veo'],
    [{ model: 'veo-2' }, 'Model must be veo-3.1-fast'],
    [{ resolution: '4K' }, 'Resolution must be 720p or 1080p'],
  ])('refuses %o with 400 "%s" and charges nothing', async (change, message) => {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('maya') });
    const response = await create(cookie, { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await balance(userId)).toBe(200);
    expect(await projectsOf(userId)).toHaveLength(0);
  });

  it('answers 402 when credits are short and changes nothing', async () => {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('maya') });
    await adjustCredits(t.db, userId, 20, new Date());
    const jobsBefore = (await t.db.selectFrom('jobs').select('id').execute()).length;
    const response = await create(cookie, { ...valid, duration: 15 });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toMatch(/^Insufficient credits\. This video needs 24 credits and you have 20\./);
    expect(await balance(userId)).toBe(20);
    expect(await ledgerSum(userId)).toBe(20);
    expect(await projectsOf(userId)).toHaveLength(0);
    // No job at all, for this user or without one.
    expect(await t.db.selectFrom('jobs').select('id').execute()).toHaveLength(jobsBefore);
  });

  it('does not charge pro users, but records the usage', async () => {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('pro') });
    await t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', userId).execute();
    await adjustCredits(t.db, userId, 0, new Date());
    expect((await create(cookie, { ...valid, duration: 180 })).statusCode).toBe(201);
    expect(await balance(userId)).toBe(0);
    const usage = await t.db.selectFrom('creditLedger').selectAll().where('userId', '=', userId).where('reason', '=', 'generation').execute();
    expect(usage).toEqual([expect.objectContaining({ userId, delta: 0 })]);
  });

  it('keeps the balance exact and never negative under concurrent requests', async () => {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('racer') });
    await adjustCredits(t.db, userId, 50, new Date());
    // 50 credits buy four 12-credit videos; eight arrive at once.
    const responses = await Promise.all(Array.from({ length: 8 }, () => create(cookie, { ...valid, duration: 8 })));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 402)).toHaveLength(4);
    expect(await balance(userId)).toBe(2);
    expect(await ledgerSum(userId)).toBe(2);
  });

  it('shows and deletes a project only for its owner; others get 404', async () => {
    const owner = await signUp(t.app, { username: uniqueName('owner') });
    const other = await signUp(t.app, { username: uniqueName('other') });
    const { id } = (await create(owner.cookie, valid)).json();

    const get = (cookie: string) => t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: { cookie } });
    expect((await get(owner.cookie)).json().id).toBe(id);
    expect((await get(other.cookie)).statusCode).toBe(404);
    expect((await get(other.cookie)).json()).toEqual({ message: 'Project not found' });
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${id}` })).statusCode).toBe(401);

    const list = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie: other.cookie } });
    expect(list.json()).toEqual([]);

    const del = (cookie: string) => t.app.inject({ method: 'DELETE', url: `/api/projects/${id}`, headers: { cookie } });
    expect((await del(other.cookie)).statusCode).toBe(404);
    const deleted = await del(owner.cookie);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Project deleted' });
    expect((await get(owner.cookie)).statusCode).toBe(404);
  });

  it('refunds what was not delivered when a project is deleted while it generates or extends, and cancels the job', async () => {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('deleter') });
    const del = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/projects/${id}`, headers: { cookie } });
    const jobStatus = async (id: string) => (await t.db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    // A generation still under way: nothing was made, all 24 credits come back.
    const generating = (await create(cookie, valid)).json();
    expect(await balance(userId)).toBe(200 - 24);
    expect((await del(generating.id)).statusCode).toBe(200);
    expect(await balance(userId)).toBe(200);
    expect(await ledgerSum(userId)).toBe(200);
    expect(await jobStatus(`generate-video:${generating.id}`)).toBe('cancelled');

    // An extension under way: its 12 credits come back, the clip made before it was delivered and is not refunded.
    const ready = await insertReadyProject(t.db, userId, { duration: 8, targetDuration: 8 });
    await adjustCredits(t.db, userId, 100, new Date());
    const extended = await t.app.inject({ method: 'POST', url: `/api/projects/${ready.id}/extend`, headers: { cookie }, payload: { prompt: 'The car drives on' } });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(await balance(userId)).toBe(100 - 12);
    const extensionJob = (await t.db.selectFrom('videoProjects').select('extensionJobId').where('id', '=', ready.id).executeTakeFirstOrThrow()).extensionJobId;
    expect((await del(ready.id)).statusCode).toBe(200);
    expect(await balance(userId)).toBe(100);
    expect(await ledgerSum(userId)).toBe(100);
    expect(await jobStatus(extensionJob ?? '')).toBe('cancelled');

    // A finished project refunds nothing.
    const done = await insertReadyProject(t.db, userId);
    expect((await del(done.id)).statusCode).toBe(200);
    expect(await balance(userId)).toBe(100);
    const refunds = await t.db.selectFrom('creditLedger').select(['delta', 'reason']).where('userId', '=', userId).where('reason', 'like', '%-refund').execute();
    expect(refunds).toEqual([
      { delta: 24, reason: 'generation-refund' },
      { delta: 12, reason: 'extension-refund' },
    ]);
  });

  it('answers requests from several users at once (read in shared queries) each with their own account and projects', async () => {
    const names = ['ann', 'bob', 'cyd'].map((name) => uniqueName(name));
    const users: Array<{ cookie: string; userId: string; username: string; projectId: string }> = [];
    for (const username of names) {
      const user = await signUp(t.app, { username });
      users.push({ ...user, username, projectId: (await create(user.cookie, { ...valid, title: `${username}'s clip` })).json().id as string });
    }
    const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const answers = await Promise.all(
      users.map((user, index) =>
        Promise.all([
          get(user.cookie, '/api/auth/me'),
          get(user.cookie, '/api/projects'),
          get(user.cookie, `/api/projects/${user.projectId}`),
          get(user.cookie, `/api/projects/${users[(index + 1) % users.length]!.projectId}`),
        ]),
      ),
    );
    answers.forEach(([me, list, own, others], index) => {
      const user = users[index]!;
      expect(me!.json().user.username).toBe(user.username);
      expect(list!.json().map((project: { id: string }) => project.id)).toEqual([user.projectId]);
      expect(own!.json()).toMatchObject({ id: user.projectId, title: `${user.username}'s clip` });
      expect(others!.statusCode).toBe(404);
    });

    // An expired session read in the same query as live ones is still refused.
    await t.db.updateTable('sessions').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('userId', '=', users[0]!.userId).execute();
    const [expired, live] = await Promise.all([get(users[0]!.cookie, '/api/projects'), get(users[1]!.cookie, '/api/projects')]);
    expect(expired.statusCode).toBe(401);
    expect(live.json()).toHaveLength(1);
  });

  it('says which engine renders clips', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/generation-info' });
    expect(response.json()).toEqual({ videoEngine: 'offline', notice: 'Offline mode: clips are rendered locally, not by Veo' });
  });
});
