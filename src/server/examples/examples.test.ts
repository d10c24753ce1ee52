import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleListResponseSchema } from '../../shared/examples.ts';
import { createOfflineVideoModel } from '../providers/video-model/offline-video-model.ts';
import type { VideoModel } from '../providers/video-model/video-model.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp } from '../test-support/test-app.ts';
import { createExamplesService } from './examples-service.ts';

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

  it('answers a thumbnail as a cacheable JPEG, the same bytes each time, and unknown ids with 404', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/examples/3/thumbnail' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toContain('public');
    const second = await t.app.inject({ method: 'GET', url: '/api/examples/3/thumbnail' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/examples/99/thumbnail' })).statusCode).toBe(404);
  });

  it('renders a thumbnail once: requests at the same time, later ones and a restarted server take it from storage', async () => {
    const renders: string[] = [];
    const offline = createOfflineVideoModel(t.services.ffmpeg);
    const counted: VideoModel = {
      kind: offline.kind,
      model: offline.model,
      async generateSegment(request) {
        renders.push(request.prompt);
        return offline.generateSegment(request);
      },
    };
    const deps = { storage: t.services.storage, renderer: counted, ffmpeg: t.services.ffmpeg, logger: t.services.logger };
    const examples = createExamplesService(deps);

    const [key, sameTime] = await Promise.all([examples.thumbnailKey(5), examples.thumbnailKey(5)]);
    expect(sameTime).toBe(key);
    expect(renders).toHaveLength(1);
    expect(await t.services.storage.stat(key)).toMatchObject({ contentType: 'image/jpeg' });

    await examples.thumbnailKey(5);
    await createExamplesService(deps).thumbnailKey(5);
    expect(renders).toHaveLength(1);
  });

  it('serves the clip with Range support', async () => {
    const partial = await t.app.inject({ method: 'GET', url: '/api/examples/1/video', headers: { range: 'bytes=0-99' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-type']).toBe('video/mp4');
    expect(partial.rawPayload).toHaveLength(100);
    expect(partial.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
  });
});
