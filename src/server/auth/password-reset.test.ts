import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/database-targets.ts';
import { startSmtpSink } from '../test-support/smtp-sink.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';

describe.each(testDatabases())('password reset by e-mail over SMTP on $name', (database) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeEach(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(database, { env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://reel.example.com' } });
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const tokenFrom = (text: string) => {
    const match = /https:\/\/reel\.example\.com\/reset-password\?token=([\w-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no reset link in:\n${text}`);
    return match[1];
  };

  it('mails a single-use link that sets a new password and signs out other sessions', async () => {
    const { cookie } = await signUp(t.app, { username: 'maya', email: 'maya@example.com', password: 'old-password' });
    expect((await post('/api/auth/forgot-password', { email: 'maya@example.com' })).statusCode).toBe(200);

    const [mail] = await smtp.waitFor(1);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('maya@example.com');
    expect(mail?.subject).toBe('Reset your PromptReel password');
    const token = tokenFrom(mail?.text ?? '');
    expect(tokenFrom(String(mail?.html))).toBe(token);

    const stored = await t.db.selectFrom('passwordResetTokens').selectAll().executeTakeFirstOrThrow();
    expect(stored.token).not.toBe(token);
    const ttlMinutes = (Date.parse(stored.expiresAt) - Date.parse(stored.createdAt)) / 60_000;
    expect(ttlMinutes).toBe(60);

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'new-password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successful' });

    expect((await post('/api/auth/login', { username: 'maya', password: 'old-password' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { username: 'maya', password: 'new-password' })).statusCode).toBe(200);
    const oldSession = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(oldSession.statusCode).toBe(401);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This password reset link is invalid or has expired. Please request a new one.');
  });

  it('refuses a link older than one hour', async () => {
    await signUp(t.app, { username: 'maya', email: 'maya@example.com', password: 'old-password' });
    await post('/api/auth/forgot-password', { email: 'maya@example.com' });
    const [mail] = await smtp.waitFor(1);
    await t.db.updateTable('passwordResetTokens').set({ expiresAt: new Date(Date.now() - 1).toISOString() }).execute();
    const response = await post('/api/auth/reset-password', { token: tokenFrom(mail?.text ?? ''), newPassword: 'new-password' });
    expect(response.statusCode).toBe(400);
    expect((await post('/api/auth/login', { username: 'maya', password: 'old-password' })).statusCode).toBe(200);
  });

  it('sends nothing for an address without an account', async () => {
    await signUp(t.app, { username: 'maya', email: 'maya@example.com' });
    await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    await post('/api/auth/forgot-password', { email: 'maya@example.com' });
    const messages = await smtp.waitFor(1);
    await t.app.close(); // drains background mail work
    expect(messages.map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toEqual(['maya@example.com']);
  });
});
