import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';

const [defaultDatabase] = testDatabases();
const redisUrl = process.env.TEST_REDIS_URL;

const forgotPassword = (t: TestApp) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@b.co' } });

it('scales every limit by RATE_LIMIT_SCALE', async () => {
  const scaled = await createTestApp(defaultDatabase!, { env: { RATE_LIMIT_SCALE: '2' } });
  try {
    for (let i = 0; i < 10; i += 1) expect((await forgotPassword(scaled)).statusCode).toBe(200);
    expect((await forgotPassword(scaled)).statusCode).toBe(429);
  } finally {
    await scaled.close();
  }
});

/** Every rate-limited route with its limit per window (DESIGN §5): the test fails on a route missing here. */
const LIMITS: Record<string, { max: number; perUser: boolean }> = {
  'POST /api/auth/signup': { max: 10, perUser: false },
  'POST /api/auth/login': { max: 10, perUser: false },
  'POST /api/auth/forgot-password': { max: 5, perUser: false },
  'POST /api/auth/reset-password': { max: 10, perUser: false },
  'PATCH /api/auth/me': { max: 10, perUser: true },
  'POST /api/projects': { max: 20, perUser: true },
  'POST /api/projects/:id/extend': { max: 20, perUser: true },
  'POST /api/projects/:id/media/generate': { max: 20, perUser: true },
  'POST /api/projects/:id/export': { max: 20, perUser: true },
  'POST /api/videos/upload': { max: 30, perUser: true },
  'POST /api/videos/complete-upload': { max: 30, perUser: true },
  'POST /api/projects/:id/media/complete-upload': { max: 30, perUser: true },
  'POST /api/projects/:id/media/import': { max: 30, perUser: true },
  'POST /api/music-tracks/upload': { max: 30, perUser: true },
  'POST /api/music-tracks/complete-upload': { max: 30, perUser: true },
  'POST /api/inspire-prompt': { max: 30, perUser: true },
  'POST /api/generate-image': { max: 30, perUser: true },
  'POST /api/ai-assistant': { max: 30, perUser: true },
  'POST /api/suggest-improvements': { max: 30, perUser: true },
  'POST /api/projects/:id/auto-apply': { max: 30, perUser: true },
  'POST /api/projects/:id/auto-apply/preview': { max: 30, perUser: true },
  'POST /api/admin/providers/check': { max: 30, perUser: true },
  'POST /api/projects/:id/voiceovers': { max: 20, perUser: true },
  'POST /api/projects/:id/voiceovers/script': { max: 30, perUser: true },
  'POST /api/projects/:id/captions': { max: 20, perUser: true },
  'GET /api/voices/:voiceId/preview': { max: 30, perUser: true },
  'HEAD /api/voices/:voiceId/preview': { max: 30, perUser: true },
};

describe('every rate-limited route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(defaultDatabase!);
  });
  afterAll(() => t.close());

  it('is one of the routes this suite checks, and they are all rate-limited', () => {
    const limited = t.app.routeTable.filter((route) => route.rateLimited).map((route) => `${route.method} ${route.url}`);
    expect(limited.sort()).toEqual(Object.keys(LIMITS).sort());
  });

  it.each(Object.entries(LIMITS))('%s answers 429 with a JSON message and Retry-After past its limit', async (route, { max, perUser }) => {
    // A fresh app per route: counters of one route never spill into another's case.
    const app = await createTestApp(defaultDatabase!);
    try {
      const [method, pattern] = route.split(' ') as ['POST' | 'GET' | 'HEAD' | 'PATCH', string];
      const url = pattern.replace(':id', randomUUID());
      const caller = perUser ? await signUp(app.app, { username: 'hammer' }) : undefined;
      // Invalid bodies are the cheapest requests; the limit counts every request, valid or not.
      const send = (cookie = caller?.cookie) =>
        app.app.inject({ method, url, payload: {}, headers: cookie ? { cookie } : {}, remoteAddress: '10.1.1.1' });
      for (let i = 0; i < max; i += 1) expect((await send()).statusCode).not.toBe(429);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      // A HEAD answer has no body (HTTP), only the status and headers.
      if (method !== 'HEAD') {
        expect(limited.headers['content-type']).toMatch(/application\/json/);
        expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in /);
      }
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      if (perUser) {
        // Per user: someone else on the same address is not held back.
        const other = await signUp(app.app, { username: 'bystander' });
        expect((await send(other.cookie)).statusCode).not.toBe(429);
      } else {
        // Per address: another address is not held back.
        const elsewhere = await app.app.inject({ method, url, payload: {}, remoteAddress: '10.2.2.2' });
        expect(elsewhere.statusCode).not.toBe(429);
      }
    } finally {
      await app.close();
    }
  });
});

/**
 * Issue 13: behind https the app trusted any X-Forwarded-For, so a client picked a new address per
 * request. Per-address limits count the address TRUST_PROXY yields: the socket's unless the socket is
 * a trusted proxy. Requests come from 10.1.1.1, as a proxy (or an attacker) on the private network.
 */
const PER_ADDRESS = Object.entries(LIMITS).filter(([, { perUser }]) => !perUser);
const TRUST_CASES: Array<[string, Record<string, string>, 'socket' | 'forwarded']> = [
  ['https PUBLIC_URL, TRUST_PROXY unset', { PUBLIC_URL: 'https://reel.example.com' }, 'socket'],
  ['TRUST_PROXY naming other proxies', { PUBLIC_URL: 'https://reel.example.com', TRUST_PROXY: '192.168.0.0/16,127.0.0.1' }, 'socket'],
  ['TRUST_PROXY=1 (one proxy hop)', { PUBLIC_URL: 'https://reel.example.com', TRUST_PROXY: '1' }, 'forwarded'],
  ['TRUST_PROXY listing the sender', { PUBLIC_URL: 'https://reel.example.com', TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }, 'forwarded'],
];

describe.each(TRUST_CASES)('the address per-address limits count, with %s', (_name, env, counted) => {
  it.each(PER_ADDRESS)(`%s counts the ${counted === 'socket' ? "socket's address, whatever X-Forwarded-For says" : 'address the proxy forwards'}`, async (route, { max }) => {
    const app = await createTestApp(defaultDatabase!, { env });
    try {
      const [method, url] = route.split(' ') as ['POST', string];
      const send = (forwardedFor: string) =>
        app.app.inject({ method, url, payload: {}, remoteAddress: '10.1.1.1', headers: { 'x-forwarded-for': forwardedFor } });
      // The same client every time, but for a spoof each request claims a new address.
      const claimed = (i: number) => (counted === 'socket' ? `10.0.${i}.1` : '203.0.113.7');
      for (let i = 0; i < max; i += 1) expect((await send(claimed(i))).statusCode).not.toBe(429);
      expect((await send(claimed(max))).statusCode).toBe(429);
      // Another client behind the trusted proxy has its own counter; a spoofed one does not.
      expect((await send('198.51.100.9')).statusCode === 429).toBe(counted === 'socket');
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!redisUrl)('rate limits shared through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two API processes of one deployment: same Redis, same counters.
    const namespace = `promptreel-test-${randomBytes(4).toString('hex')}:`;
    a = await createTestApp(defaultDatabase!, { env: { REDIS_URL: redisUrl! }, rateLimitNamespace: namespace });
    b = await createTestApp(defaultDatabase!, { env: { REDIS_URL: redisUrl! }, rateLimitNamespace: namespace });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts requests to either instance against one limit', async () => {
    for (let i = 0; i < 3; i += 1) expect((await forgotPassword(a)).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await forgotPassword(b)).statusCode).toBe(200);
    const limited = await forgotPassword(a);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgotPassword(b)).statusCode).toBe(429);
  });
});
