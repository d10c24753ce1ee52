import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp } from '../test-support/test-app.ts';

const defaultDatabase = sqliteDatabase;

function directives(csp: string | undefined): Map<string, string> {
  return new Map(
    (csp ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('security headers over http (the default PUBLIC_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(defaultDatabase);
  });
  afterAll(() => t.close());

  it('sends a CSP that runs only our own scripts and forbids framing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same headers on error answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(directives(response.headers['content-security-policy'] as string).get('script-src')).toBe("'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('security headers behind https (PUBLIC_URL=https://…)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(defaultDatabase, { env: { PUBLIC_URL: 'https://reels.example.com' } });
  });
  afterAll(() => t.close());

  it('adds HSTS and upgrade-insecure-requests', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(directives(response.headers['content-security-policy'] as string).has('upgrade-insecure-requests')).toBe(true);
  });

  it('marks the session cookie Secure, httpOnly and SameSite=Lax', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: 'secure', password: 'secret-pass' } });
    expect(response.statusCode).toBe(201);
    const cookie = response.cookies.find((c) => c.name === 'promptreel_session');
    expect(cookie?.secure).toBe(true);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });
});
