import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_ROLES, type ProviderCatalog as ProviderCatalogResponse } from '../../shared/schemas/admin.ts';
import type { ModelCatalog, ProviderCatalog } from '../providers/catalog/model-catalog.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';
import { startOfMonthUtc } from './admin-repository.ts';
import { makeAdmin } from './make-admin.ts';

/** A catalog whose every check finishes a second after the last, so a fresh answer is easy to tell apart. */
function fakeCatalog(): ModelCatalog & { checks: number; reset(): void } {
  const start = Date.parse('2026-11-24T10:00:00.000Z');
  const catalogAt = (checkedAt: string | null): ProviderCatalog => ({
    providers: PROVIDER_ROLES.map((role) => ({
      role,
      roleLabel: role,
      model: role === 'video-generation' ? 'gone-model-001' : 'model-001',
      backend: 'Gemini API',
      variable: 'VIDEO_MODEL',
      state: checkedAt === null ? 'unchecked' : role === 'video-generation' ? 'not-found' : 'answering',
      detail: checkedAt !== null && role === 'video-generation' ? 'The Gemini API has no model gone-model-001.' : null,
      checkedAt,
    })),
    checkEverySeconds: 300,
  });
  let current = catalogAt(null);
  const fake = {
    checks: 0,
    snapshot: () => current,
    async checkNow() {
      fake.checks += 1;
      current = catalogAt(new Date(start + fake.checks * 1000).toISOString());
      return current;
    },
    reportNotFound: () => {},
    start: () => {},
    stop: () => {},
    /** Back to never checked, as a new app's catalog is. */
    reset() {
      fake.checks = 0;
      current = catalogAt(null);
    },
  };
  return fake;
}

describe.each(testDatabases())('admin API on $name', (database) => {
  // One app for the describe; each test signs up an admin, a free and a pro user of its own. Its many
  // sign-ups come from one address, so the per-IP limits are raised.
  let t: TestApp;
  let admin: { cookie: string; userId: string; username: string };
  let free: { cookie: string; userId: string; username: string };
  let pro: { cookie: string; userId: string; username: string };
  beforeAll(async () => {
    t = await createTestApp(database, { services: { catalog: fakeCatalog() }, env: { RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => t.close());
  const newUser = async (prefix: string, email?: string) => {
    const username = uniqueName(prefix);
    return { ...(await signUp(t.app, { username, email })), username };
  };
  beforeEach(async () => {
    admin = await newUser('boss', 'boss@example.com');
    await makeAdmin(t.config, admin.username);
    free = await newUser('freebie');
    pro = await newUser('paying');
    await t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', pro.userId).execute();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

  it.each([
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users'],
    ['PUT', '/api/admin/users/x/subscription'],
    ['GET', '/api/admin/providers'],
    ['POST', '/api/admin/providers/check'],
  ] as const)('%s %s: 401 anonymous, 403 free and pro users, 2xx/404 for the admin', async (method, url) => {
    const payload = method === 'PUT' ? { subscription: 'pro' } : undefined;
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    for (const user of [free, pro]) {
      const response = await call(method, url, user.cookie, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Admin access required' });
    }
    expect((await call(method, url, admin.cookie, payload)).statusCode).toBe(method === 'PUT' ? 404 : 200);
  });

  it('counts users, plans and videos, with this month starting at 00:00 UTC on the 1st', async () => {
    // Other tests' users and videos share the database: the counts must match the tables and grow by
    // exactly what this test adds.
    const stats = async () => (await call('GET', '/api/admin/stats', admin.cookie)).json();
    const before = await stats();
    expect(before.totalUsers).toBe((await t.db.selectFrom('users').select('id').execute()).length);
    expect(before.proUsers).toBe((await t.db.selectFrom('users').select('id').where('subscription', '=', 'pro').execute()).length);
    expect(before.totalVideos).toBe((await t.db.selectFrom('videoProjects').select('id').execute()).length);
    await newUser('another-freebie');
    const anotherPro = await newUser('another-paying');
    await t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', anotherPro.userId).execute();

    const monthStart = startOfMonthUtc(new Date());
    const justBefore = new Date(Date.parse(monthStart) - 1).toISOString();
    const base = { userId: free.userId, title: 't', prompt: 'p', aspectRatio: '9:16', videoUrl: null, thumbnailUrl: null, targetDuration: 8, editorState: null, errorMessage: null, videoKey: null, thumbnailKey: null };
    await t.db.insertInto('videoProjects').values([
      { ...base, id: `${free.userId}-a`, createdAt: monthStart, updatedAt: monthStart },
      { ...base, id: `${free.userId}-b`, createdAt: justBefore, updatedAt: justBefore },
      { ...base, id: `${free.userId}-c`, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() },
    ]).execute();
    expect(await stats()).toEqual({
      totalUsers: before.totalUsers + 2,
      totalVideos: before.totalVideos + 3,
      videosThisMonth: before.videosThisMonth + 2,
      proUsers: before.proUsers + 1,
      freeUsers: before.freeUsers + 1,
    });
  });

  it('lists users without secrets, newest first', async () => {
    const users = (await call('GET', '/api/admin/users', admin.cookie)).json();
    // Every user, this test's three newest first (no one signs up while it runs).
    expect(users).toHaveLength((await t.db.selectFrom('users').select('id').execute()).length);
    expect(users.slice(0, 3).map((u: { username: string }) => u.username)).toEqual([pro.username, free.username, admin.username]);
    for (const user of users) expect(Object.keys(user).sort()).toEqual(['createdAt', 'credits', 'email', 'id', 'subscription', 'username']);
    expect(JSON.stringify(users)).not.toMatch(/scrypt|passwordHash|stripe/i);
  });

  it('switches a plan either way, records who did it, and refuses anything but free or pro', async () => {
    const up = await call('PUT', `/api/admin/users/${free.userId}/subscription`, admin.cookie, { subscription: 'pro' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ id: free.userId, subscription: 'pro' });
    const down = await call('PUT', `/api/admin/users/${free.userId}/subscription`, admin.cookie, { subscription: 'free' });
    expect(down.json().subscription).toBe('free');
    const audit = await t.db.selectFrom('subscriptionChanges').selectAll().where('userId', '=', free.userId).orderBy('createdAt').execute();
    expect(audit.map((row) => [row.fromSubscription, row.toSubscription, row.source, row.changedBy])).toEqual([
      ['free', 'pro', 'admin', admin.userId],
      ['pro', 'free', 'admin', admin.userId],
    ]);
    const bad = await call('PUT', `/api/admin/users/${free.userId}/subscription`, admin.cookie, { subscription: 'gold' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Subscription must be free or pro' });
    const unknown = await call('PUT', '/api/admin/users/nobody/subscription', admin.cookie, { subscription: 'pro' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe.each(testDatabases())('admin providers API on $name', (database) => {
  // One app for the describe, its catalog back to never checked and an admin of their own for each test.
  let t: TestApp;
  const catalog = fakeCatalog();
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp(database, { services: { catalog } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    catalog.reset();
    const username = uniqueName('boss');
    admin = await signUp(t.app, { username });
    await makeAdmin(t.config, username);
  });

  it('shows the admin the last check, every role, without checking again', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/providers', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json<ProviderCatalogResponse>();
    expect(body.checkEverySeconds).toBe(300);
    expect(body.providers.map((p) => p.role)).toEqual([...PROVIDER_ROLES]);
    expect(body.providers.every((p) => p.state === 'unchecked' && p.checkedAt === null)).toBe(true);
    expect(catalog.checks).toBe(0);
  });

  it('checks now on request and answers with the fresh result, which later reads then show', async () => {
    const check = () => t.app.inject({ method: 'POST', url: '/api/admin/providers/check', headers: { cookie: admin.cookie } });
    const first = (await check()).json<ProviderCatalogResponse>();
    expect(first.providers[0]).toMatchObject({ state: 'not-found', checkedAt: '2026-11-24T10:00:01.000Z', detail: 'The Gemini API has no model gone-model-001.' });
    const second = await check();
    expect(second.statusCode).toBe(200);
    expect(second.json<ProviderCatalogResponse>().providers.every((p) => p.checkedAt === '2026-11-24T10:00:02.000Z')).toBe(true);
    expect(catalog.checks).toBe(2);
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/providers', headers: { cookie: admin.cookie } });
    expect(read.json()).toEqual(second.json());
  });
});
