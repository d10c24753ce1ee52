import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, sessionCookieFrom, signUp, waitUntil } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';

describe.each(testDatabases())('auth API on $name', (database) => {
  // One app for the file, a user of its own per test. Its many sign-ups and logins come from one address,
  // so the per-IP limits are raised (rate-limits.test.ts is about them).
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, { env: { RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });
  const userCount = async () => (await t.db.selectFrom('users').select('id').execute()).length;

  describe('signup', () => {
    it('creates a free user with 200 credits, a ledger row for them, and a session', async () => {
      const username = uniqueName('Maya@Studio');
      const email = `${uniqueName('maya')}@example.com`;
      const response = await post('/api/auth/signup', { username, email, password: 'secret-pass' });
      expect(response.statusCode).toBe(201);
      const { user } = response.json();
      expect(user).toMatchObject({ username, email, subscription: 'free', credits: 200, isAdmin: false });
      expect(user).not.toHaveProperty('passwordHash');

      const cookie = response.cookies.find((c) => c.name === 'promptreel_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();

      const row = await t.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.passwordHash).toMatch(/^scrypt\$/);
      const ledger = await t.db.selectFrom('creditLedger').selectAll().where('userId', '=', user.id).execute();
      expect(ledger).toEqual([expect.objectContaining({ delta: 200, reason: 'signup-grant' })]);

      const sessions = await t.db.selectFrom('sessions').selectAll().where('userId', '=', user.id).execute();
      expect(sessions).toHaveLength(1);
      expect(sessions[0]!.id).not.toBe(cookie?.value);
      expect((await me(sessionCookieFrom(response))).json().user.id).toBe(user.id);
    });

    it('works without an e-mail', async () => {
      const response = await post('/api/auth/signup', { username: uniqueName('noemail'), email: '', password: 'secret-pass' });
      expect(response.statusCode).toBe(201);
      expect(response.json().user.email).toBeNull();
    });

    it('refuses a username taken in any letter case with 409 and creates nothing', async () => {
      const username = uniqueName('maya');
      await signUp(t.app, { username });
      const before = await userCount();
      const response = await post('/api/auth/signup', { username: username.toUpperCase(), password: 'secret-pass' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'That username is already taken' });
      expect(await userCount()).toBe(before);
    });

    it.each([
      [{ username: 'ab', password: 'secret-pass' }, 'Username must be at least 3 characters'],
      [{ username: 'maya', password: '123' }, 'Password must be at least 6 characters long.'],
      [{ username: 'maya', password: 'secret-pass', email: 'nope' }, 'Please enter a valid email address'],
      [{}, 'Username is required'],
    ])('answers 400 with the rule broken for %o', async (payload, message) => {
      const before = await userCount();
      const response = await post('/api/auth/signup', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await userCount()).toBe(before);
    });
  });

  describe('login', () => {
    it('signs in with the right password, case-insensitive username, and rotates the session', async () => {
      const username = uniqueName('maya');
      const { cookie: signupCookie } = await signUp(t.app, { username, password: 'right-password' });
      const response = await post('/api/auth/login', { username: username.toUpperCase(), password: 'right-password' }, signupCookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().user.username).toBe(username);
      const newCookie = sessionCookieFrom(response);
      expect(newCookie).not.toBe(signupCookie);
      expect((await me(signupCookie)).statusCode).toBe(401);
      expect((await me(newCookie)).statusCode).toBe(200);
    });

    it('answers the same 401 for a wrong password and an unknown user', async () => {
      const username = uniqueName('maya');
      await signUp(t.app, { username, password: 'right-password' });
      for (const payload of [
        { username, password: 'wrong-password' },
        { username: uniqueName('nobody'), password: 'right-password' },
      ]) {
        const response = await post('/api/auth/login', payload);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Invalid username or password' });
        expect(response.cookies).toHaveLength(0);
      }
    });

    it('refuses a password longer than any account can have (128) before hashing it: 400, as signup does', async () => {
      const username = uniqueName('maya');
      await signUp(t.app, { username, password: 'right-password' });
      const huge = await post('/api/auth/login', { username, password: 'x'.repeat(1024 * 1024 - 100) });
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toEqual({ message: 'Password must be at most 128 characters long.' });
      // At the cap it is an ordinary wrong password.
      const longest = await post('/api/auth/login', { username, password: 'x'.repeat(128) });
      expect(longest.statusCode).toBe(401);
      expect(longest.json()).toEqual({ message: 'Invalid username or password' });
    });

    it('answers 400 when a field is missing', async () => {
      const response = await post('/api/auth/login', { username: 'maya' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Password is required' });
    });
  });

  describe('me and logout', () => {
    // Issue 42.17: every signed-out page asks who is signed in, and a 401 there was logged in the console.
    it('answers a visitor without a session { user: null }, and a made-up session 401 with the cookie cleared', async () => {
      const visitor = await me();
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json()).toEqual({ user: null });
      const forged = await me('promptreel_session=not-a-real-token');
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ message: 'Please sign in to continue.' });
      expect(forged.cookies.find((c) => c.name === 'promptreel_session')?.value).toBe('');
    });

    it('logout ends the session on the server and clears the cookie', async () => {
      const { cookie, userId } = await signUp(t.app, { username: uniqueName('maya') });
      const response = await post('/api/auth/logout', undefined, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === 'promptreel_session')?.value).toBe('');
      expect((await me(cookie)).statusCode).toBe(401);
      expect(await t.db.selectFrom('sessions').select('id').where('userId', '=', userId).execute()).toHaveLength(0);
    });

    it('an expired session no longer signs in', async () => {
      const { cookie, userId } = await signUp(t.app, { username: uniqueName('maya') });
      await t.db.updateTable('sessions').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('userId', '=', userId).execute();
      expect((await me(cookie)).statusCode).toBe(401);
    });
  });

  describe('adding or changing the e-mail (PATCH /api/auth/me)', () => {
    const patchMe = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload, headers });
    const storedEmail = async (userId: string) =>
      (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

    it('adds an e-mail to an account made without one, so a forgotten password can be reset', async () => {
      const { cookie, userId } = await signUp(t.app, { username: uniqueName('noemail') });
      const email = `${uniqueName('later')}@example.com`;
      const response = await patchMe({ email: ` ${email} `, password: 'secret-pass' }, { cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ id: userId, email });
      expect((await me(cookie)).json().user.email).toBe(email);
      expect(await storedEmail(userId)).toBe(email);

      expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
      await waitUntil(async () => (await t.db.selectFrom('passwordResetTokens').select('id').where('userId', '=', userId).execute()).length > 0);
    });

    it('changes an e-mail, also to one another account uses (as signup allows, and without saying so)', async () => {
      const shared = `${uniqueName('family')}@example.com`;
      await signUp(t.app, { username: uniqueName('sibling'), email: shared });
      const { cookie, userId } = await signUp(t.app, { username: uniqueName('maya'), email: `${uniqueName('old')}@example.com` });
      const response = await patchMe({ email: shared, password: 'secret-pass' }, { cookie });
      expect(response.statusCode).toBe(200);
      expect(await storedEmail(userId)).toBe(shared);
    });

    it('asks for the password: a wrong one is refused with 403 and changes nothing', async () => {
      const { cookie, userId } = await signUp(t.app, { username: uniqueName('maya') });
      const response = await patchMe({ email: `${uniqueName('thief')}@example.com`, password: 'not-the-password' }, { cookie });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'That password is not correct.' });
      expect(await storedEmail(userId)).toBeNull();
    });

    it.each([
      [{ email: 'nope', password: 'secret-pass' }, 'Please enter a valid email address'],
      [{ email: '', password: 'secret-pass' }, 'Please enter a valid email address'],
      [{ email: `${'a'.repeat(250)}@example.com`, password: 'secret-pass' }, 'Email address is too long'],
      [{ password: 'secret-pass' }, 'Email is required'],
      [{ email: 'maya@example.com' }, 'Password is required'],
    ])('answers 400 with signup’s message for %o', async (payload, message) => {
      const { cookie, userId } = await signUp(t.app, { username: uniqueName('maya') });
      const response = await patchMe(payload, { cookie });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await storedEmail(userId)).toBeNull();
    });

    it('answers 401 to a caller who is not signed in, whatever the body', async () => {
      for (const payload of [{ email: 'maya@example.com', password: 'secret-pass' }, {}]) {
        const response = await patchMe(payload);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Please sign in to continue.' });
      }
    });

    it('refuses a cross-site request (CSRF) with 403 and changes nothing', async () => {
      const { cookie, userId } = await signUp(t.app, { username: uniqueName('victim') });
      const response = await patchMe(
        { email: `${uniqueName('attacker')}@example.com`, password: 'secret-pass' },
        { cookie, origin: 'https://evil.example.net', 'sec-fetch-site': 'cross-site' },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site requests are not allowed.' });
      expect(await storedEmail(userId)).toBeNull();
    });
  });

  describe('forgot and reset password', () => {
    it('answers the same whether or not the address has an account', async () => {
      const name = uniqueName('maya');
      await signUp(t.app, { username: name, email: `${name}@example.com` });
      const known = await post('/api/auth/forgot-password', { email: `${name.toUpperCase()}@example.com` });
      const unknown = await post('/api/auth/forgot-password', { email: `${uniqueName('ghost')}@example.com` });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(known.json().message).toBe("If an account exists with this email, you'll receive password reset instructions.");
    });

    it('needs an e-mail address', async () => {
      const response = await post('/api/auth/forgot-password', { email: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Please enter a valid email address' });
    });

    it('refuses an unknown, expired or reused token', async () => {
      const invalid = await post('/api/auth/reset-password', { token: 'made-up', newPassword: 'new-secret' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toMatch(/invalid or has expired/);
    });
  });
});
