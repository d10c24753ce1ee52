import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/database-targets.ts';
import { startSmtpSink } from '../test-support/smtp-sink.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';

const env = (smtp: { url: string }) => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://reel.example.com' });

describe.each(testDatabases())('password reset by e-mail over SMTP on $name', (database) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(database, { env: env(smtp) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (app: TestApp, url: string, payload: object) => app.app.inject({ method: 'POST', url, payload });
  const tokenFrom = (text: string) => {
    const match = /https:\/\/reel\.example\.com\/reset-password\?token=([\w-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no reset link in:\n${text}`);
    return match[1];
  };
  /** Signs up a user of this test's own, with an address no other test uses. */
  const newUser = async (app: TestApp, password = 'old-password') => {
    const username = uniqueName('maya');
    const email = `${username}@example.com`;
    return { ...(await signUp(app.app, { username, email, password })), username, email };
  };
  /** Requests a reset for `email` and returns the one e-mail that request sent (the sink keeps the file's mail). */
  const requestReset = async (email: string) => {
    const seen = smtp.messages.length;
    expect((await post(t, '/api/auth/forgot-password', { email })).statusCode).toBe(200);
    return (await smtp.waitFor(seen + 1))[seen];
  };

  it('mails a single-use link that sets a new password and signs out other sessions', async () => {
    const { cookie, userId, username, email } = await newUser(t);
    const mail = await requestReset(email);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(email);
    expect(mail?.subject).toBe('Reset your PromptReel password');
    const token = tokenFrom(mail?.text ?? '');
    expect(tokenFrom(String(mail?.html))).toBe(token);

    const stored = await t.db.selectFrom('passwordResetTokens').selectAll().where('userId', '=', userId).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token).not.toBe(token);
    const ttlMinutes = (Date.parse(stored[0]!.expiresAt) - Date.parse(stored[0]!.createdAt)) / 60_000;
    expect(ttlMinutes).toBe(60);

    const reset = await post(t, '/api/auth/reset-password', { token, newPassword: 'new-password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successful' });

    expect((await post(t, '/api/auth/login', { username, password: 'old-password' })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login', { username, password: 'new-password' })).statusCode).toBe(200);
    const oldSession = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(oldSession.statusCode).toBe(401);

    const again = await post(t, '/api/auth/reset-password', { token, newPassword: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This password reset link is invalid or has expired. Please request a new one.');
  });

  it('refuses a link older than one hour', async () => {
    const { userId, username, email } = await newUser(t);
    const mail = await requestReset(email);
    await t.db.updateTable('passwordResetTokens').set({ expiresAt: new Date(Date.now() - 1).toISOString() }).where('userId', '=', userId).execute();
    const response = await post(t, '/api/auth/reset-password', { token: tokenFrom(mail?.text ?? ''), newPassword: 'new-password' });
    expect(response.statusCode).toBe(400);
    expect((await post(t, '/api/auth/login', { username, password: 'old-password' })).statusCode).toBe(200);
  });

  it('sends nothing for an address without an account', async () => {
    // An app and mail sink of its own: the test closes the app to wait for its background mail work, which
    // the file's shared app cannot do, and then reads every message the sink received.
    const ownSmtp = await startSmtpSink();
    const own = await createTestApp(database, { env: env(ownSmtp) });
    try {
      const { email } = await newUser(own);
      await post(own, '/api/auth/forgot-password', { email: 'ghost@example.com' });
      await post(own, '/api/auth/forgot-password', { email });
      const messages = await ownSmtp.waitFor(1);
      await own.app.close(); // drains background mail work
      expect(messages.map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toEqual([email]);
    } finally {
      await own.close();
      await ownSmtp.close();
    }
  });
});
