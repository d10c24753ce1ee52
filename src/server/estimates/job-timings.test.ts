import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipEdit } from '../test-support/clip-edit.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { estimateSeconds, recordJobTiming } from './job-timings.ts';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const ago = (seconds: number, from = NOW) => new Date(from.getTime() - seconds * 1000).toISOString();

describe.each(testDatabases())('estimates from this server’s recent jobs on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    // No jobs run: an export or a generation stays where it was asked for (nothing is rendered).
    t = await createTestApp(database);
  });
  afterAll(() => t.close());

  /** A finished job of `outputSeconds` that took `rate` seconds per output second, `daysAgo` days before NOW. */
  const finished = (kind: 'export' | 'generate', size: string, outputSeconds: number, rate: number, daysAgo = 0) => {
    const finishedAt = new Date(NOW.getTime() - daysAgo * 86_400_000);
    return recordJobTiming(t.db, { kind, size, outputSeconds, requestedAt: ago(outputSeconds * rate, finishedAt), finishedAt }, t.services.logger);
  };

  it('takes the median time per output second of the latest jobs of the same kind and size, once there are three', async () => {
    const estimate = (outputSeconds: number) => estimateSeconds(t.db, { kind: 'export', size: '4K', outputSeconds }, NOW);
    await finished('export', '4K', 8, 2);
    await finished('export', '4K', 30, 10);
    expect(await estimate(10)).toBeNull();
    await finished('export', '4K', 4, 3);
    // Other resolutions, generations and runs weeks old say nothing about a 4K export now.
    await finished('export', '1080p', 8, 100);
    await finished('generate', '4K', 8, 100);
    await finished('export', '4K', 8, 100, 20);
    expect(await estimate(10)).toBeCloseTo(30, 6);
    expect(await estimate(2)).toBeCloseTo(6, 6);
  });

  it('answers an export with the estimate for its edit’s length, and a generating project with one for its length', async () => {
    const user = await signUp(t.app, { username: 'estimated' });
    const project = await insertReadyProject(t.db, user.userId, { duration: 4, targetDuration: null });
    const editorState = clipEdit(project.id, 4, { start: 0.5, end: 2.5 });
    const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
    expect((await inject('PATCH', `/api/projects/${project.id}`, { editorState })).statusCode).toBe(200);
    const exportOf = async (resolution: string) => (await inject('POST', `/api/projects/${project.id}/export`, { resolution, format: 'mp4', quality: 'high' })).json();

    // Too few 720p exports yet: the client keeps its own estimate.
    expect(await exportOf('720p')).toMatchObject({ estimatedSeconds: null });
    for (const rate of [4, 5, 6]) await finished('export', '720p', 8, rate, 0);
    // The 2 s edit at the measured 5 s per second (asking again answers the export already waiting).
    expect((await exportOf('720p')).estimatedSeconds).toBeCloseTo(10, 6);
    expect((await exportOf('1080p')).estimatedSeconds).toBeNull();

    const created = await inject('POST', '/api/projects', { title: 'Waves', prompt: 'Waves at dusk', aspectRatio: '9:16', duration: 8 });
    expect(created.statusCode, created.body).toBe(201);
    const listed = async () => ((await inject('GET', '/api/projects')).json() as Array<{ id: string; estimatedSeconds?: number }>).find((row) => row.id === created.json().id);
    expect((await listed())?.estimatedSeconds).toBeUndefined();
    for (const rate of [20, 25, 40]) await finished('generate', '', 8, rate, 0);
    expect((await listed())?.estimatedSeconds).toBeCloseTo(8 * 25, 6);
  });
});
