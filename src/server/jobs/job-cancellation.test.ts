import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { storageKey } from '../providers/storage/storage.ts';
import { childProcesses, scratchDirsLeft } from '../test-support/crash-checks.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { makeTestClip } from '../test-support/test-clips.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';

let clipDir: string;
let longClip: string;
beforeAll(async () => {
  clipDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-cancel-'));
  longClip = path.join(clipDir, 'long.mp4');
  // Long enough that a 1080p render of it is still running when the test acts on it.
  await makeTestClip(longClip, { width: 720, height: 1280, seconds: 30 });
});
afterAll(() => fs.rm(clipDir, { recursive: true, force: true }));

const ffmpegRuns = () => childProcesses(process.pid, 'ffmpeg');
const exportScratchDirs = async () => (await scratchDirsLeft(os.tmpdir())).filter((name) => name.startsWith(`${process.pid}-export-`));

/** A process's nice value (field 19 of /proc/<pid>/stat). */
async function niceness(pid: number): Promise<number | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat === undefined ? undefined : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe.each(testDatabases())('cancelling and time-limiting jobs on $name', (database) => {
  let t: TestApp;
  afterEach(() => t.close());

  async function start(env: Record<string, string> = {}) {
    t = await createTestApp(database, { runJobs: true, env });
    const user = await signUp(t.app, { username: `user-${randomUUID().slice(0, 8)}` });
    return user;
  }

  /** A ready project of the user whose video is `clip`, stored as a finished generation leaves it. */
  async function readyProject(userId: string, clip: string, duration: number): Promise<string> {
    const id = randomUUID();
    const videoKey = storageKey('projects', id, 'video.mp4');
    await t.services.storage.putFile(videoKey, clip, 'video/mp4');
    await insertReadyProject(t.db, userId, { id, title: 'Long take', duration, targetDuration: duration, videoKey });
    return id;
  }

  const exportOf = async (cookie: string, projectId: string, settings: object) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/export`, headers: { cookie }, payload: settings });
    expect(response.statusCode).toBe(200);
    return response.json().jobId as string;
  };
  const exportRow = (id: string) => t.db.selectFrom('exportJobs').selectAll().where('id', '=', id).executeTakeFirst();

  it('deleting a project mid-export kills its ffmpeg, removes its files and cancels its job', async () => {
    const user = await start();
    const projectId = await readyProject(user.userId, longClip, 30);
    const jobId = await exportOf(user.cookie, projectId, { resolution: '1080p', format: 'mp4', quality: 'high' });
    const renders = await waitUntil(async () => (await ffmpegRuns()).length > 0, 60_000, 50).then(ffmpegRuns);
    expect(renders.length).toBeGreaterThan(0);
    // Exports render at low priority: another user's clip being made takes the cores first.
    expect(await niceness(renders[0]!)).toBe(10);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}`, headers: { cookie: user.cookie } });
    expect(deleted.statusCode).toBeLessThan(300);
    const job = () => t.db.selectFrom('jobs').select(['status']).where('id', '=', `export-video:${jobId}`).executeTakeFirstOrThrow();
    const over = async () =>
      !['queued', 'running'].includes((await job()).status) && (await ffmpegRuns()).length === 0 && (await exportScratchDirs()).length === 0;
    await waitUntil(over, 60_000, 50);

    // Cancelled, not rendered to the end and thrown away.
    expect(await job()).toEqual({ status: 'cancelled' });
    expect(await exportRow(jobId)).toBeUndefined();
    expect((await filesUnder(path.join(t.dataDir, 'media'))).filter((file) => file.includes(projectId) || file.includes(jobId))).toEqual([]);
  }, 120_000);

  it('cancelling an export mid-render kills its ffmpeg, stores nothing, charges nothing and frees its slot', async () => {
    const user = await start({ MAX_ACTIVE_JOBS_PER_USER: '1' });
    const projectId = await readyProject(user.userId, longClip, 30);
    const creditsBefore = (await t.db.selectFrom('users').select('credits').where('id', '=', user.userId).executeTakeFirstOrThrow()).credits;
    const jobId = await exportOf(user.cookie, projectId, { resolution: '1080p', format: 'mp4', quality: 'high' });
    await waitUntil(async () => (await ffmpegRuns()).length > 0, 60_000, 50);

    const cancel = () => t.app.inject({ method: 'POST', url: `/api/export-jobs/${jobId}/cancel`, headers: { cookie: user.cookie } });
    const cancelled = await cancel();
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', outputUrl: null });
    const job = () => t.db.selectFrom('jobs').select(['status']).where('id', '=', `export-video:${jobId}`).executeTakeFirstOrThrow();
    await waitUntil(async () => (await job()).status === 'cancelled' && (await ffmpegRuns()).length === 0 && (await exportScratchDirs()).length === 0, 60_000, 50);

    const polled = await t.app.inject({ method: 'GET', url: `/api/export-jobs/${jobId}`, headers: { cookie: user.cookie } });
    expect(polled.json()).toMatchObject({ status: 'cancelled', outputUrl: null, errorMessage: null });
    expect(await exportRow(jobId)).toMatchObject({ status: 'cancelled', outputKey: null });
    expect((await filesUnder(path.join(t.dataDir, 'media'))).filter((file) => file.includes(jobId))).toEqual([]);
    const creditsAfter = (await t.db.selectFrom('users').select('credits').where('id', '=', user.userId).executeTakeFirstOrThrow()).credits;
    expect(creditsAfter).toBe(creditsBefore);
    // Asking again answers the same; the one slot this user has is free for the next export.
    expect((await cancel()).json()).toMatchObject({ status: 'cancelled' });
    const next = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/export`,
      headers: { cookie: user.cookie },
      payload: { resolution: '720p', format: 'mp4', quality: 'low' },
    });
    expect(next.statusCode).toBe(200);
  }, 120_000);

  it('fails an export that runs past its time limit, with a plain message, and its ffmpeg is gone', async () => {
    const user = await start({ JOB_TIME_LIMITS: 'export-video=2' });
    const projectId = await readyProject(user.userId, longClip, 30);
    const jobId = await exportOf(user.cookie, projectId, { resolution: '1080p', format: 'mp4', quality: 'high' });
    await waitUntil(async () => (await exportRow(jobId))?.status !== 'pending', 60_000, 50);

    expect(await exportRow(jobId)).toMatchObject({
      status: 'failed',
      errorMessage: 'This took longer than its 2-second time limit and was stopped.',
      outputKey: null,
    });
    expect(await ffmpegRuns()).toEqual([]);
    expect(await exportScratchDirs()).toEqual([]);
  }, 120_000);

  it("starts another user's generation while one user's six 1080p exports are queued", async () => {
    const exporter = await start();
    const projectId = await readyProject(exporter.userId, longClip, 30);
    const exportIds: string[] = [];
    for (const format of ['mp4', 'mov']) {
      for (const quality of ['high', 'medium', 'low']) exportIds.push(await exportOf(exporter.cookie, projectId, { resolution: '1080p', format, quality }));
    }
    const other = await signUp(t.app, { username: 'other-user' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie: other.cookie },
      payload: { title: 'Paper boats', prompt: 'Paper boats racing down a rainy gutter', aspectRatio: '9:16', duration: 8 },
    });
    expect(created.statusCode).toBe(201);
    const clip = created.json().id as string;
    const status = async () => (await t.db.selectFrom('videoProjects').select('status').where('id', '=', clip).executeTakeFirstOrThrow()).status;
    await waitUntil(async () => (await status()) !== 'generating', 120_000, 50);
    const exportsLeft = await t.db.selectFrom('exportJobs').select('id').where('id', 'in', exportIds).where('status', '=', 'pending').execute();

    expect(await status()).toBe('ready');
    // Its clip did not wait for the queue of exports ahead of it.
    expect(exportsLeft.length).toBeGreaterThan(0);
  }, 180_000);
});
