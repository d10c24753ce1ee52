import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from './test-support/test-app.ts';

const [sqlite] = testDatabases();

describe('HTTP contract (DESIGN §5)', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-client-'));
    await fs.mkdir(path.join(clientDir, 'assets'));
    await fs.writeFile(path.join(clientDir, 'index.html'), '<!doctype html><div id="root">app shell</div>');
    await fs.writeFile(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp(sqlite!, { clientDir });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(clientDir, { recursive: true, force: true });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'No such endpoint: GET /api/nope' });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "maya",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large.' });
  });

  it.each(['/', '/dashboard', '/editor/abc', '/reset-password?token=abc', '/some/unknown/page'])(
    'serves the app shell for the client route %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('app shell');
    },
  );

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers checkout with 503 while payments are not configured', async () => {
    const { cookie } = await signUp(t.app, { username: 'buyer' });
    const response = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: { cookie } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'Payments are not configured' });
  });

  it('lists no projects for a new user and needs a session to list any', async () => {
    const { cookie } = await signUp(t.app, { username: 'newbie' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(sqlite!);
  });
  afterAll(() => t.close());

  it('answers the 11th login within a minute with 429, a message and Retry-After', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'maya', password: 'guess' } });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in /);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('scales every limit by RATE_LIMIT_SCALE', async () => {
    const scaled = await createTestApp(sqlite!, { env: { RATE_LIMIT_SCALE: '2' } });
    const attempt = () => scaled.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@b.co' } });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(429);
    await scaled.close();
  });

  it('limits forgot-password to 5 requests per 15 minutes', async () => {
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@b.co' } });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).statusCode).toBe(429);
  });
});
