import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';

const REFUSED = { message: 'The request contains a control character (such as NUL or ESC), which no field may hold.' };

// PostgreSQL cannot store U+0000 in text and answered 500 for each of these; SQLite stored it. Both refuse it now.
describe.each(testDatabases())('a NUL or other control character anywhere in a request is a 400, on $name', (database) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    ({ cookie } = await signUp(t.app, { username: uniqueName('nul') }));
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/projects/a%00b'],
    ['DELETE', '/api/projects/a%00b'],
    ['GET', '/api/music-tracks/a%00b/audio'],
    ['GET', '/api/music-tracks?genre=a%00b'],
    ['GET', '/api/video-proxy/a%00B'],
  ] as const)('%s %s', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(REFUSED);
  });

  it('in a JSON body, signed in or not, and nothing is stored', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'ab\u0000cd', password: 'whatever-password' } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual(REFUSED);

    const valid = { title: 'Night drive', prompt: 'A car at night', aspectRatio: '9:16', duration: 8 };
    for (const payload of [{ ...valid, title: 'Night\u0000drive' }, { ...valid, prompt: 'A car\u0000 at night' }, { ...valid, ['ti\u0000tle']: 'x' }]) {
      const created = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual(REFUSED);
    }
    const projects = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } });
    expect(projects.json()).toEqual([]);
  });

  it.each(['\u0001', '\u0008', '\u001b', '\u007f'])('and so is another control character: %j in a body, its URL form in a path', async (control) => {
    const valid = { title: 'Night drive', prompt: 'A car at night', aspectRatio: '9:16', duration: 8 };
    const created = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { ...valid, title: `Night${control}drive` } });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(REFUSED);
    const hex = control.charCodeAt(0).toString(16).padStart(2, '0');
    const fetched = await t.app.inject({ method: 'GET', url: `/api/projects/a%${hex}b`, headers: { cookie } });
    expect(fetched.statusCode).toBe(400);
    expect(fetched.json()).toEqual(REFUSED);
  });

  it('in a cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: 'promptreel_session=a%00b' } });
    expect(response.statusCode).toBe(400);
  });

  it('while text with other characters, newlines and emoji included, is taken as it is', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie },
      payload: { title: 'Nuit 🌙 %0 à Paris', prompt: 'A car\nat night,\r\n\tslowly', aspectRatio: '9:16', duration: 8 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Nuit 🌙 %0 à Paris', prompt: 'A car\nat night,\r\n\tslowly' });
  });
});
