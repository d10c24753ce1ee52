import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/database-targets.ts';
import { syncProjectClip } from '../media/media-assets-repository.ts';
import { makeTestClip } from '../test-support/test-clips.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';
import { testFfmpeg } from '../test-support/test-ffmpeg.ts';

/** What only a system or ffmpeg says; none of it may reach an answer the user reads. */
const SYSTEM_TEXT = /spawn|ENOENT|E2BIG|ffmpeg|setpriv|exited|exit code|\/tmp\/|No such file/i;

describe.each(testDatabases())('failures a user is told about on $name', (database) => {
  let t: TestApp;
  let user: { cookie: string; userId: string };
  const logLines: Array<Record<string, unknown>> = [];

  /** An app whose ffmpeg cannot run (the binary is gone); ffprobe still works. */
  beforeEach(async () => {
    logLines.length = 0;
    const real = await testFfmpeg();
    t = await createTestApp(database, {
      runJobs: true,
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
      services: { ffmpeg: { ...real, ffmpegPath: '/nonexistent/promptreel/ffmpeg' } },
    });
    user = await signUp(t.app, { username: 'unlucky' });
  });
  afterEach(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });

  /** A ready project of the user's, with a real 2 s clip stored as its video. */
  async function readyProject(id: string): Promise<void> {
    const clip = path.join(t.dataDir, 'clip.mp4');
    await makeTestClip(clip, { width: 360, height: 640, seconds: 2 });
    await t.services.storage.putFile(`projects/${id}/video.mp4`, clip, 'video/mp4');
    const at = new Date().toISOString();
    await t.db
      .insertInto('videoProjects')
      .values({
        id, userId: user.userId, title: 'Clip', prompt: 'p', aspectRatio: '9:16', videoUrl: null, thumbnailUrl: null,
        targetDuration: 2, editorState: null, errorMessage: null, videoKey: `projects/${id}/video.mp4`, thumbnailKey: null,
        status: 'ready', duration: 2, createdAt: at, updatedAt: at,
      })
      .execute();
    // The project's clip is its first asset, as the repository keeps it whenever it writes the row.
    await syncProjectClip(t.db, id);
  }

  it('stores a plain sentence when an export’s ffmpeg fails, and logs its command and stderr tail', async () => {
    await readyProject('p1');
    const started = await t.app.inject({
      method: 'POST', url: '/api/projects/p1/export', headers: { cookie: user.cookie }, payload: { resolution: '720p', format: 'mp4', quality: 'low' },
    });
    const { jobId } = started.json();
    await waitUntil(async () => (await get(`/api/export-jobs/${jobId}`)).json().status !== 'pending', 30_000, 50);
    const answer = await get(`/api/export-jobs/${jobId}`);
    expect(answer.json()).toMatchObject({ status: 'failed', errorMessage: 'The export failed — please try again.' });
    expect(answer.body).not.toMatch(SYSTEM_TEXT);

    const detail = logLines.find((line) => line.exportJobId === jobId && Array.isArray(line.command));
    expect(detail).toBeDefined();
    expect(detail!.command).toEqual(expect.arrayContaining(['/nonexistent/promptreel/ffmpeg', '-filter_complex_script']));
    expect(detail!.filterGraph).toMatch(/^\[0:v:0\]scale=/);
    expect(Array.isArray(detail!.stderrTail)).toBe(true);
    expect(detail!.reason).toMatch(SYSTEM_TEXT);
  });

  it('stores a plain sentence when a generation’s renderer fails, and refunds it', async () => {
    const created = await t.app.inject({
      method: 'POST', url: '/api/projects', headers: { cookie: user.cookie }, payload: { title: 'Clip', prompt: 'A beach', aspectRatio: '9:16', duration: 8 },
    });
    const { id } = created.json();
    await waitUntil(async () => (await get(`/api/projects/${id}`)).json().status !== 'generating', 30_000, 50);
    const answer = await get(`/api/projects/${id}`);
    expect(answer.json()).toMatchObject({ status: 'error', errorMessage: 'The video could not be made — please try again. Your credits were refunded.' });
    expect(answer.body).not.toMatch(SYSTEM_TEXT);
    const refunds = await t.db.selectFrom('creditLedger').select('reason').where('projectId', '=', id).where('reason', '=', 'generation-refund').execute();
    expect(refunds).toHaveLength(1);
    expect(logLines.some((line) => line.projectId === id && Array.isArray(line.command) && Array.isArray(line.stderrTail))).toBe(true);
  });

  it('stores a plain sentence when an extension’s renderer fails, and puts the video back as it was', async () => {
    await readyProject('p2');
    const started = await t.app.inject({
      method: 'POST', url: '/api/projects/p2/extend', headers: { cookie: user.cookie }, payload: { prompt: 'And then the tide comes in' },
    });
    expect(started.statusCode, started.body).toBe(200);
    await waitUntil(async () => (await get('/api/projects/p2')).json().status !== 'generating', 30_000, 50);
    const answer = await get('/api/projects/p2');
    expect(answer.json()).toMatchObject({
      status: 'ready',
      duration: 2,
      errorMessage: 'The extension failed: Something went wrong while making it — please try again. Your credits were refunded.',
    });
    expect(answer.body).not.toMatch(SYSTEM_TEXT);
  });
});
