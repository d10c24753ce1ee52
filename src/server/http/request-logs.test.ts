import fs from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../test-support/database-targets.ts';
import { outboxMessages } from '../test-support/outbox.ts';
import { type TestApp, createTestApp, sessionCookieFrom } from '../test-support/test-app.ts';
import { waitFor } from '../test-support/wait-for.ts';

const defaultDatabase = sqliteDatabase;
const PASSWORD = 'very-secret-pass-42';
const NEW_PASSWORD = 'another-secret-77';

describe('request logs', () => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(defaultDatabase, {
      env: { LOG_LEVEL: 'debug', GEMINI_API_KEY: 'gm-key-never-logged', STRIPE_SECRET_KEY: 'sk_test_never_logged', STRIPE_PRICE_ID: 'price_1' },
      logStream: {
        write(line: string) {
          raw.push(line);
          lines.push(JSON.parse(line) as Record<string, unknown>);
        },
      },
    });
  });
  afterAll(() => t.close());

  it('answers every request with an X-Request-Id that its log lines carry', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = lines.filter((line) => line.reqId === id);
    expect(mine.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    const other = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it('does not trust a request id sent by the client', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'forged\nline' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never writes passwords, session tokens, reset tokens or API keys to the log', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'quiet', email: 'quiet@example.com', password: PASSWORD },
    });
    const cookie = sessionCookieFrom(signup);
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'quiet', password: PASSWORD } });
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'quiet@example.com' } });
    const mail = await waitFor('the reset e-mail', async () => (await outboxMessages(t.dataDir))[0]);
    const { text: mailText } = await simpleParser(await fs.readFile(mail));
    const token = /reset-password\?token=([\w-]+)/.exec(mailText ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: NEW_PASSWORD } });
    expect(reset.statusCode).toBe(200);
    const text = raw.join('');
    expect(raw.length).toBeGreaterThan(8);
    for (const secret of [PASSWORD, NEW_PASSWORD, cookie.split('=')[1]!, token, 'gm-key-never-logged', 'sk_test_never_logged']) {
      expect(text).not.toContain(secret);
    }
  });
});
