import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from './admin/make-admin.ts';
import { sqliteDatabase } from './test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from './test-support/test-app.ts';

const defaultDatabase = sqliteDatabase;

describe('HTTP contract (DESIGN §5)', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-client-'));
    await fs.mkdir(path.join(clientDir, 'assets'));
    await fs.writeFile(path.join(clientDir, 'index.html'), '<!doctype html><div id="root">app shell</div>');
    await fs.writeFile(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp(defaultDatabase, { clientDir });
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

  it('answers a missing body with 400 and a message that says so', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is missing: send the fields as JSON.' });
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

  // The app's pages get 200; any other page path gets the app too (it shows its 404 page), with status 404.
  it.each([
    ['/', 200],
    ['/dashboard', 200],
    ['/dashboard/', 200],
    ['/editor/abc', 200],
    ['/projects/abc', 200],
    ['/reset-password?token=abc', 200],
    ['/some/unknown/page', 404],
    ['/editor', 404],
    ['/editor/abc/extra', 404],
    ['/dashboards', 404],
    ['/nope?x=1', 404],
  ])('serves the app shell for %s with status %i', async (url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('app shell');
  });

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

  it('compresses large JSON answers (the admin user list) for clients that accept it, and not small ones', async () => {
    const { cookie } = await signUp(t.app, { username: 'lister' });
    await makeAdmin(t.config, 'lister');
    const small = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie, 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const createdAt = new Date().toISOString();
    await t.db
      .insertInto('users')
      .values(
        Array.from({ length: 400 }, (_, i) => ({
          id: randomUUID(),
          username: `creator_${i}`,
          usernameKey: `creator_${i}`,
          email: `creator_${i}@example.com`,
          passwordHash: 'scrypt$unused',
          createdAt,
        })),
      )
      .execute();
    const url = '/api/admin/users';
    const plain = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(plain.body.length).toBeGreaterThan(32 * 1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const packed = await t.app.inject({ method: 'GET', url, headers: { cookie, 'accept-encoding': encoding } });
      expect(packed.headers['content-encoding']).toBe(encoding);
      const body = encoding === 'br' ? zlib.brotliDecompressSync(packed.rawPayload) : zlib.gunzipSync(packed.rawPayload);
      expect(packed.rawPayload.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(body.toString())).toEqual(plain.json());
    }
  });

  it('lists no projects for a new user and needs a session to list any', async () => {
    const { cookie } = await signUp(t.app, { username: 'newbie' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
  });
});
