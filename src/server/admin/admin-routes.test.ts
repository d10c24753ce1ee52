import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { startOfMonthUtc } from './admin-repository.ts';
import { makeAdmin } from './make-admin.ts';

describe.each(testDatabases())('admin API on $name', (database) => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  let free: { cookie: string; userId: string };
  let pro: { cookie: string; userId: string };
  beforeEach(async () => {
    t = await createTestApp(database);
    admin = await signUp(t.app, { username: 'boss', email: 'boss@example.com' });
    await makeAdmin(t.config, 'boss');
    free = await signUp(t.app, { username: 'freebie' });
    pro = await signUp(t.app, { username: 'paying' });
    await t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', pro.userId).execute();
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

  it.each([
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users'],
    ['PUT', '/api/admin/users/x/subscription'],
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
    const monthStart = startOfMonthUtc(new Date());
    const justBefore = new Date(Date.parse(monthStart) - 1).toISOString();
    const base = { userId: free.userId, title: 't', prompt: 'p', aspectRatio: '9:16', videoUrl: null, thumbnailUrl: null, targetDuration: 8, editorState: null, errorMessage: null, videoKey: null, thumbnailKey: null };
    await t.db.insertInto('videoProjects').values([
      { ...base, id: 'a', createdAt: monthStart, updatedAt: monthStart },
      { ...base, id: 'b', createdAt: justBefore, updatedAt: justBefore },
      { ...base, id: 'c', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() },
    ]).execute();
    const stats = (await call('GET', '/api/admin/stats', admin.cookie)).json();
    expect(stats).toEqual({ totalUsers: 3, totalVideos: 3, videosThisMonth: 2, proUsers: 1, freeUsers: 2 });
  });

  it('lists users without secrets, newest first', async () => {
    const users = (await call('GET', '/api/admin/users', admin.cookie)).json();
    expect(users.map((u: { username: string }) => u.username)).toEqual(['paying', 'freebie', 'boss']);
    expect(Object.keys(users[0]).sort()).toEqual(['createdAt', 'credits', 'email', 'id', 'subscription', 'username']);
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
