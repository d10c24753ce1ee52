import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { storageKey } from '../providers/storage/storage.ts';
import { jobDefinitionsFor } from '../services.ts';
import { childProcesses, scratchDirsLeft } from '../test-support/crash-checks.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { createFixtureVideoModel } from '../test-support/fixture-video-model.ts';
import { type SignalWaitingJob, signalWaitingJob } from '../test-support/signal-waiting-job.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';
import { testFfmpeg } from '../test-support/test-ffmpeg.ts';
import { JobStopped } from './job-registry.ts';
import { loadConfig } from '../config.ts';

const LONG_CLIP_SECONDS = 120;
let clipDir: string;
let longClip: string;
beforeAll(async () => {
  clipDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-cancel-'));
  longClip = path.join(clipDir, 'long.mp4');
  // Tiny and quick to make, but long: its 720p export takes thousands of frames, so it is still running (by a
  // wide margin, however busy the machine) when the test acts on it the moment its ffmpeg appears.
  const { ffmpegPath } = await testFfmpeg();
  await promisify(execFile)(ffmpegPath, [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'color=c=teal:s=144x256:r=24',
    '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo',
    '-t', String(LONG_CLIP_SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart',
    longClip,
  ]);
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

/**
 * Each test has an app of its own: the real export job or one that waits on its signal, and each its own
 * limits (JOB_TIME_LIMITS, MAX_ACTIVE_JOBS_PER_USER), which are read when the app is made.
 */
describe.each(testDatabases())('cancelling and time-limiting jobs on $name', (database) => {
  let t: TestApp;
  let waiting: Array<SignalWaitingJob<'export-video'> | SignalWaitingJob<'export-long-video'>> = [];
  afterEach(async () => {
    for (const lane of waiting) lane.release();
    waiting = [];
    await t.close();
  });

  /** The app, running its real jobs, and a user. */
  async function start(env: Record<string, string> = {}) {
    t = await createTestApp(database, { runJobs: true, env, services: { videoModel: createFixtureVideoModel() } });
    return signUp(t.app, { username: `user-${randomUUID().slice(0, 8)}` });
  }

  /** The app, running its jobs but with exports (the 120 s clip's are the long lane's) that only wait for their signal, and a user. */
  async function startWithWaitingExports(env: Record<string, string> = {}) {
    t = await createTestApp(database, { env, services: { videoModel: createFixtureVideoModel() } });
    const definitions = jobDefinitionsFor(t.services);
    const short = signalWaitingJob(definitions['export-video']);
    const exports = signalWaitingJob(definitions['export-long-video']);
    waiting = [short, exports];
    t.services.queue.start({ ...definitions, 'export-video': short.definition, 'export-long-video': exports.definition });
    return { user: await signUp(t.app, { username: `user-${randomUUID().slice(0, 8)}` }), waiting: exports };
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
  const jobStatus = async (exportJobId: string) =>
    (await t.db.selectFrom('jobs').select(['status']).where('id', '=', `export-video:${exportJobId}`).executeTakeFirstOrThrow()).status;
  const lowest720p = { resolution: '720p', format: 'mp4', quality: 'low' };

  // The one test here whose export runs real ffmpeg: what an aborted render does to its process and files.
  it('deleting a project mid-export kills its ffmpeg, removes its files and cancels its job', async () => {
    // At the app's own export priority (test apps export at normal priority unless told).
    const user = await start({ EXPORT_NICENESS: String(loadConfig({}).exportNiceness) });
    const projectId = await readyProject(user.userId, longClip, LONG_CLIP_SECONDS);
    const jobId = await exportOf(user.cookie, projectId, lowest720p);
    const renders = await waitUntil(async () => (await ffmpegRuns()).length > 0, 60_000, 50).then(ffmpegRuns);
    expect(renders.length).toBeGreaterThan(0);
    // Exports render at low priority: another user's clip being made takes the cores first.
    expect(await niceness(renders[0]!)).toBe(10);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}`, headers: { cookie: user.cookie } });
    expect(deleted.statusCode).toBeLessThan(300);
    const over = async () =>
      !['queued', 'running'].includes(await jobStatus(jobId)) && (await ffmpegRuns()).length === 0 && (await exportScratchDirs()).length === 0;
    await waitUntil(over, 60_000, 50);

    // Cancelled, not rendered to the end and thrown away.
    expect(await jobStatus(jobId)).toBe('cancelled');
    expect(await exportRow(jobId)).toBeUndefined();
    expect((await filesUnder(path.join(t.dataDir, 'media'))).filter((file) => file.includes(projectId) || file.includes(jobId))).toEqual([]);
  });

  // That an aborted render's ffmpeg is killed and its scratch files removed is the test above's; here the
  // export waits on its signal, and the test sees the run stopped.
  it('cancelling an export mid-run stops it, stores nothing, charges nothing and frees its slot', async () => {
    const { user, waiting } = await startWithWaitingExports({ MAX_ACTIVE_JOBS_PER_USER: '1' });
    const projectId = await readyProject(user.userId, longClip, LONG_CLIP_SECONDS);
    const creditsBefore = (await t.db.selectFrom('users').select('credits').where('id', '=', user.userId).executeTakeFirstOrThrow()).credits;
    const jobId = await exportOf(user.cookie, projectId, { resolution: '1080p', format: 'mp4', quality: 'high' });
    await waitUntil(async () => waiting.started.length > 0, 60_000, 25);

    const cancel = () => t.app.inject({ method: 'POST', url: `/api/export-jobs/${jobId}/cancel`, headers: { cookie: user.cookie } });
    const cancelled = await cancel();
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', outputUrl: null });
    await waitUntil(async () => (await jobStatus(jobId)) === 'cancelled' && waiting.stopped.length > 0, 60_000, 25);
    expect(waiting.stopped).toEqual([expect.objectContaining({ kind: 'cancelled' })]);
    expect(waiting.stopped[0]).toBeInstanceOf(JobStopped);

    const polled = await t.app.inject({ method: 'GET', url: `/api/export-jobs/${jobId}`, headers: { cookie: user.cookie } });
    expect(polled.json()).toMatchObject({ status: 'cancelled', outputUrl: null, errorMessage: null });
    expect(await exportRow(jobId)).toMatchObject({ status: 'cancelled', outputKey: null });
    expect((await filesUnder(path.join(t.dataDir, 'media'))).filter((file) => file.includes(jobId))).toEqual([]);
    const creditsAfter = (await t.db.selectFrom('users').select('credits').where('id', '=', user.userId).executeTakeFirstOrThrow()).credits;
    expect(creditsAfter).toBe(creditsBefore);
    // Asking again answers the same; the one slot this user has is free for the next export.
    expect((await cancel()).json()).toMatchObject({ status: 'cancelled' });
    const next = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/export`, headers: { cookie: user.cookie }, payload: lowest720p });
    expect(next.statusCode).toBe(200);
  });

  it('fails an export that runs past its time limit, with a plain message, and its run is stopped', async () => {
    const { user, waiting } = await startWithWaitingExports({ JOB_TIME_LIMITS: 'export-long-video=1' });
    const projectId = await readyProject(user.userId, longClip, LONG_CLIP_SECONDS);
    const jobId = await exportOf(user.cookie, projectId, { resolution: '1080p', format: 'mp4', quality: 'high' });
    await waitUntil(async () => (await exportRow(jobId))?.status !== 'pending', 60_000, 50);

    expect(await exportRow(jobId)).toMatchObject({
      status: 'failed',
      errorMessage: 'This took longer than its 1-second time limit and was stopped.',
      outputKey: null,
    });
    expect(waiting.stopped).toEqual([expect.objectContaining({ kind: 'time-limit' })]);
  });

  it("starts another user's generation while one user's six 1080p exports are queued", async () => {
    const { user: exporter, waiting } = await startWithWaitingExports();
    const projectId = await readyProject(exporter.userId, longClip, LONG_CLIP_SECONDS);
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
    // Its clip did not wait for the queue of exports ahead of it: none of them ever finishes on its own.
    expect(waiting.started.length).toBeGreaterThan(0);
    expect(exportsLeft.length).toBeGreaterThan(0);
  });
});
