import { afterEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../providers/storage/local-storage.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp } from '../test-support/test-app.ts';

describe.each(testDatabases())('health endpoints on $name', (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('GET /healthz answers 200 while the process is up, without a session', async () => {
    t = await createTestApp(database);
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 when the database, queue and storage answer', async () => {
    t = await createTestApp(database);
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok', queue: 'ok', storage: 'ok' } });
  });

  it('GET /readyz answers 503 naming the part that does not answer, without its cause', async () => {
    const broken = { ...createLocalStorage('/nonexistent'), check: () => Promise.reject(new Error('EACCES /secret/path')) };
    t = await createTestApp(database, { services: { storage: broken } });
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'Not ready: storage unreachable',
      status: 'unavailable',
      checks: { database: 'ok', queue: 'ok', storage: 'failing' },
    });
    expect(response.body).not.toContain('/secret/path');
  });
});
