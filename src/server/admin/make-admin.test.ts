import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { makeAdmin } from './make-admin.ts';

describe.each(testDatabases())('make-admin on $name', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(() => t.close());

  it('makes a user an admin while the server keeps running on the same database', async () => {
    const { cookie } = await signUp(t.app, { username: 'Boss' });
    const result = await makeAdmin(t.config, 'boss');
    expect(result).toEqual({ ok: true, message: 'boss is now an admin.' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user.isAdmin).toBe(true);
  });

  it('says so when the user does not exist', async () => {
    const result = await makeAdmin(t.config, 'ghost');
    expect(result.ok).toBe(false);
    expect(result.message).toBe('No user named "ghost". Sign up first, then run this again.');
  });
});
