import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleListResponseSchema } from '../../shared/examples.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp } from '../test-support/test-app.ts';

describe('examples (public)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testDatabases()[0]!);
  });
  afterAll(() => t.close());

  it('lists eight examples across the six categories, 15s/30s, 9:16 and 16:9, without signing in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/examples' });
    expect(response.statusCode).toBe(200);
    const examples = exampleListResponseSchema.parse(response.json());
    expect(examples).toHaveLength(8);
    expect(new Set(examples.map((e) => e.category))).toEqual(new Set(['Urban', 'Nature', 'Lifestyle', 'Sports', 'Adventure', 'Fashion']));
    expect(new Set(examples.map((e) => e.duration))).toEqual(new Set(['15s', '30s']));
    expect(new Set(examples.map((e) => e.aspectRatio))).toEqual(new Set(['9:16', '16:9']));
    expect(examples[0]).toMatchObject({ videoUrl: '/api/examples/1/video', thumbnail: '/api/examples/1/thumbnail' });
  });

  it('renders a thumbnail once, caches it, and answers unknown ids with 404', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/examples/3/thumbnail' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toContain('public');
    const started = Date.now();
    const second = await t.app.inject({ method: 'GET', url: '/api/examples/3/thumbnail' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000); // served from storage, not rendered again
    expect((await t.app.inject({ method: 'GET', url: '/api/examples/99/thumbnail' })).statusCode).toBe(404);
  });

  it('serves the clip with Range support', async () => {
    const partial = await t.app.inject({ method: 'GET', url: '/api/examples/1/video', headers: { range: 'bytes=0-99' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-type']).toBe('video/mp4');
    expect(partial.rawPayload).toHaveLength(100);
    expect(partial.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
  }, 60_000);
});
