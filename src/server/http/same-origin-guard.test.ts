import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';

const defaultDatabase = sqliteDatabase;
const PUBLIC_URL = 'https://reels.example.com';

describe('cross-site request refusal (CSRF)', () => {
  let t: TestApp;
  let cookie: string;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp(defaultDatabase, { env: { PUBLIC_URL } });
    ({ cookie } = await signUp(t.app, { username: 'victim' }));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie },
      payload: { title: 'Mine', prompt: 'A calm lake at dawn', aspectRatio: '9:16', duration: 8 },
    });
    projectId = created.json().id;
  });
  afterAll(() => t.close());

  const deleteProject = (headers: Record<string, string>) =>
    t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}`, headers: { cookie, host: 'reels.example.com', ...headers } });

  it.each([
    ['another site per Sec-Fetch-Site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example.net' }],
    ['a sibling subdomain', { 'sec-fetch-site': 'same-site', origin: 'https://evil.example.com' }],
    ['another Origin from an old browser', { origin: 'https://evil.example.net' }],
    ['an opaque origin (sandboxed frame)', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a state change from %s with 403 and changes nothing', async (_label, headers) => {
    const response = await deleteProject(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site requests are not allowed.' });
    const still = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie } });
    expect(still.statusCode).toBe(200);
  });

  it('refuses a cross-site login form post too (login CSRF)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example.net', 'sec-fetch-site': 'cross-site' },
      payload: { username: 'victim', password: 'secret-pass' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets cross-site reads through (they change nothing and CORS keeps the answer from the other site)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/examples',
      headers: { origin: 'https://evil.example.net', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['our own page (Sec-Fetch-Site same-origin)', { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL }],
    ['an Origin equal to PUBLIC_URL', { origin: PUBLIC_URL }],
    ['an Origin equal to the host asked for', { origin: 'https://reels.example.com' }],
    ['a client that sends neither header (curl, webhooks)', {}],
  ])('accepts a state change from %s', async (_label, headers) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { host: 'reels.example.com', ...headers },
      payload: { email: 'victim@example.com' },
    });
    expect(response.statusCode).toBe(200);
  });
});
