import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJobResponse } from '../../shared/schemas/export.ts';
import type { Project } from '../../shared/schemas/project.ts';
import type { DatabaseTarget } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { probeMedia } from '../render/probe-media.ts';
import { scratchRoot } from '../render/scratch-dir.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { childProcesses, ledgerMismatches, processArguments, scratchDirsLeft, stillRunning, storedObjectMismatches } from '../test-support/crash-checks.ts';
import { type ServerHome, type ServerProcess, makeServerHome, requestJson, signUpOverHttp, startServer } from '../test-support/server-process.ts';
import { waitFor } from '../test-support/wait-for.ts';
import { makeTestClip } from '../test-support/test-clips.ts';
import { testFfmpeg } from '../test-support/test-ffmpeg.ts';

// On each database the app runs on: what a crash must not lose is rows (jobs, ledger, segments) as much as files.
describe.each(testDatabases())('a server killed mid-export (SIGKILL) on $name', (database) => {
  let home: ServerHome;
  let server: ServerProcess | undefined;
  let target: DatabaseTarget;
  let dropDatabase: () => Promise<void>;
  /** The server's settings: its database is the test's (on SQLite a copy of the migrated template). */
  let settings: Record<string, string>;
  let clip: string;
  beforeAll(async () => {
    home = await makeServerHome('export-crash');
    await fs.mkdir(home.dataDir, { recursive: true });
    ({ target, drop: dropDatabase } = await database.create(home.dataDir));
    settings = { DATABASE_URL: target.kind === 'sqlite' ? `sqlite:${target.file}` : target.url };
    clip = path.join(home.tmpDir, 'clip.mp4');
    // Short: the render only has to be under way when the server dies, and it is held there (below).
    await makeTestClip(clip, { width: 1280, height: 720, seconds: 2 });
  });
  afterAll(async () => {
    server?.kill();
    await dropDatabase?.();
    await home.remove();
  });

  it('renders the export again after restart: a playable file, credits as the ledger says, nothing left behind', async () => {
    const ffmpeg = await testFfmpeg();
    server = await startServer(home, settings);
    const { baseUrl } = home;
    const cookie = await signUpOverHttp(baseUrl, 'exporter');
    const { uploadURL } = await requestJson<{ uploadURL: string }>(baseUrl, cookie, 'POST', '/api/videos/upload');
    const put = await fetch(`${baseUrl}${new URL(uploadURL).pathname}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'video/mp4' },
      body: await fs.readFile(clip),
    });
    expect(put.status).toBe(200);
    const project = await requestJson<Project>(baseUrl, cookie, 'POST', '/api/videos/complete-upload', { videoURL: uploadURL, title: 'Crash test' });
    await waitFor('the upload to be processed', async () => {
      const current = await requestJson<Project>(baseUrl, cookie, 'GET', `/api/projects/${project.id}`);
      return current.status === 'ready' ? current : undefined;
    });
    const { jobId } = await requestJson<{ jobId: string }>(baseUrl, cookie, 'POST', `/api/projects/${project.id}/export`, {
      resolution: '720p',
      format: 'mp4',
      quality: 'high',
    });
    const exportJob = () => requestJson<ExportJobResponse>(baseUrl, cookie, 'GET', `/api/export-jobs/${jobId}`);

    // Kill it hard while ffmpeg is rendering: the export's ffmpeg (the one writing into the export's scratch dir,
    // not a start-up render's) has begun its file, which is not stored yet. It is paused there (SIGSTOP), so
    // however fast the machine, the crash lands mid-render.
    const crashed = server.pid;
    const exportScratch = `${scratchRoot(home.tmpDir)}/${crashed}-export-`;
    const render = await waitFor('the export\'s ffmpeg to be running', async () => {
      for (const pid of await childProcesses(crashed, 'ffmpeg')) {
        const output = (await processArguments(pid)).find((arg) => arg.startsWith(exportScratch) && arg.endsWith('export.mp4'));
        if (output) return { pid, output };
      }
      return undefined;
    }, 60_000, 50);
    await waitFor('the export file to be begun', async () => ((await fs.stat(render.output)).size > 0 ? true : undefined), 60_000, 20);
    process.kill(render.pid, 'SIGSTOP');
    const renders = [render.pid];
    await server.crash();
    // The kernel kills the server's ffmpeg with it (parent-death signal), rather than letting it render on:
    // once it is gone, the file it was writing has no index (an MP4's moov comes last), so it does not play.
    await waitFor('the ffmpeg of the killed server to die', async () => ((await stillRunning(renders)).length === 0 ? true : undefined));
    const [killedRender] = (await scratchDirsLeft(home.tmpDir)).filter((name) => name.startsWith(`${crashed}-export-`));
    expect(killedRender).toBeDefined();
    expect(path.join(scratchRoot(home.tmpDir), killedRender!, 'export.mp4')).toBe(render.output);
    await expect(probeMedia(ffmpeg, render.output)).rejects.toThrow();
    const db = createDatabase(target);
    try {
      expect(await db.selectFrom('exportJobs').select(['status', 'outputKey']).where('id', '=', jobId).executeTakeFirst()).toEqual({
        status: 'pending',
        outputKey: null,
      });
      expect((await scratchDirsLeft(home.tmpDir)).filter((name) => name.startsWith(`${crashed}-`))).not.toEqual([]);

      server = await startServer(home, settings);
      const done = await waitFor('the export after restart', async () => {
        const job = await exportJob();
        return job.status === 'pending' ? undefined : job;
      });
      expect(done).toMatchObject({ status: 'completed', progress: 100, errorMessage: null });

      const download = await fetch(`${baseUrl}${done.outputUrl}`, { headers: { cookie } });
      expect(download.status).toBe(200);
      const file = path.join(home.tmpDir, 'export.mp4');
      await fs.writeFile(file, Buffer.from(await download.arrayBuffer()));
      const probe = await probeMedia(ffmpeg, file);
      expect(probe).toMatchObject({ width: 1280, height: 720, videoCodec: 'h264', pixelFormat: 'yuv420p', audioCodec: 'aac' });
      expect(probe.durationSeconds).toBeCloseTo(2, 0);

      await server.stop();
      server = undefined;
      expect(await db.selectFrom('jobs').select(['status', 'attempts']).where('name', '=', 'export-video').execute()).toEqual([
        { status: 'completed', attempts: 2 },
      ]);
      expect(await ledgerMismatches(db)).toEqual([]);
      expect(await storedObjectMismatches(db, home.mediaDir)).toEqual({ orphaned: [], missing: [] });
    } finally {
      await db.destroy();
    }
    // The start-up sweep removed the killed process's scratch dirs; the restarted one removed its own.
    expect(await scratchDirsLeft(home.tmpDir)).toEqual([]);
  }, 120_000);
});
