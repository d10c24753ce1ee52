import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';
import { makeAdmin } from './make-admin.ts';

describe.each(testDatabases())('make-admin on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(() => t.close());

  it('makes a user an admin while the server keeps running on the same database', async () => {
    const username = uniqueName('Boss');
    const { cookie } = await signUp(t.app, { username });
    const result = await makeAdmin(t.config, username.toLowerCase());
    expect(result).toEqual({ ok: true, message: `${username.toLowerCase()} is now an admin.` });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user.isAdmin).toBe(true);
  });

  it('says so when the user does not exist', async () => {
    const ghost = uniqueName('ghost');
    const result = await makeAdmin(t.config, ghost);
    expect(result.ok).toBe(false);
    expect(result.message).toBe(`No user named "${ghost}". Sign up first, then run this again.`);
  });
});
