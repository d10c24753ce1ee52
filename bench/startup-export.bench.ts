/**
 * A fresh install's first export (issue 42 G, decision 058): the server (`src/server/main.ts` through tsx, as
 * `npm run dev` runs it) started on an empty DATA_DIR with STARTUP_RENDERS=on, so it renders the examples and
 * the music library in the background; the moment it listens, a user exports a 26 s 9:16 edit at 1080p. Then
 * the same export once the start-up renders are done. Prints both times and their ratio (target ≤ 1.2).
 *
 * The start-up renders run at nice 19: on a machine kept busy by other work they may take very long. Past
 * `--renders-timeout` seconds (default 600) the later export runs instead on a second fresh server started
 * with STARTUP_RENDERS=off (nothing of the server's own running either way), and the table says so.
 *
 * Run with `npx tsx bench/startup-export.bench.ts [--runs=1] [--renders-timeout=600]` (part of `npm run bench`);
 * prints a markdown table for docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../src/server/config.ts';
import { createDatabase } from '../src/server/db/database.ts';
import { createStorage } from '../src/server/providers/storage/index.ts';
import { storageKey } from '../src/server/providers/storage/storage.ts';
import { locateFfmpeg } from '../src/server/render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../src/server/render/ffmpeg-runner.ts';
import { h264AacOutputArgs } from '../src/server/render/media-operations.ts';
import { median, numberArgument } from './support/measure.ts';
import { loadAverage, machineLine, tableHeader, tableRow } from './support/report.ts';
import { editedState } from './support/seed.ts';
import { APP_MAIN, type ServerProcess, startServer } from './support/server-process.ts';

const runs = Math.ceil(numberArgument('runs', 1));
const RENDERS_TIMEOUT_MS = numberArgument('renders-timeout', 600) * 1000;
const CLIP_SECONDS = 27;
const EXPORT_SETTINGS = { resolution: '1080p', format: 'mp4', quality: 'high' };

const ffmpeg = await locateFfmpeg({ ffmpeg: { searchPath: process.env.PATH ?? '' } });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-bench-startup-'));
/** The project's clip, made before any server starts: a 27 s 1080x1920 test pattern with a tone, as a generation leaves it. */
const clip = path.join(scratch, 'clip.mp4');
await runFfmpeg(ffmpeg, [
  '-f', 'lavfi', '-i', `testsrc2=s=1080x1920:r=30:d=${CLIP_SECONDS}`,
  '-f', 'lavfi', '-i', `sine=f=330:r=48000:d=${CLIP_SECONDS}`,
  '-t', String(CLIP_SECONDS), ...h264AacOutputArgs(), clip,
]);

interface Install {
  server: ServerProcess;
  dataDir: string;
  cookie: string;
  projectId: string;
  db: ReturnType<typeof createDatabase>;
  close(): Promise<void>;
}

/** A server on an empty DATA_DIR, a signed-up user and their project: the clip with a typical edit of 26 s (two overlays, a look, a grade). */
async function freshInstall(startupRenders: 'on' | 'off'): Promise<Install> {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'data-'));
  const server = await startServer(APP_MAIN, { DATA_DIR: dataDir, STARTUP_RENDERS: startupRenders, LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '100' });
  const config = loadConfig({ DATA_DIR: dataDir, PATH: process.env.PATH ?? '' });
  const db = createDatabase(config.database);
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'creator', password: 'secret-pass' }),
  });
  const session = signup.headers.getSetCookie().find((cookie) => cookie.startsWith('promptreel_session='));
  if (signup.status !== 201 || !session) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const cookie = session.split(';')[0]!;
  const userId = ((await signup.json()) as { user: { id: string } }).user.id;

  const projectId = randomUUID();
  const videoKey = storageKey('projects', projectId, 'video.mp4');
  await createStorage(config).putFile(videoKey, clip, 'video/mp4');
  const at = new Date().toISOString();
  await db
    .insertInto('videoProjects')
    .values({ id: projectId, userId, title: 'Sunset', prompt: 'Sunset', aspectRatio: '9:16', status: 'ready', duration: CLIP_SECONDS, targetDuration: CLIP_SECONDS, videoKey, thumbnailKey: null, videoUrl: null, thumbnailUrl: null, editorState: null, errorMessage: null, createdAt: at, updatedAt: at })
    .execute();
  const saved = await fetch(`${server.url}/api/projects/${projectId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ editorState: editedState(projectId, CLIP_SECONDS, 1) }),
  });
  if (saved.status !== 200) throw new Error(`saving the edit failed: ${saved.status} ${await saved.text()}`);
  let closed = false;
  return {
    server,
    dataDir,
    cookie,
    projectId,
    db,
    async close() {
      if (closed) return;
      closed = true;
      await server.stop();
      await db.destroy();
    },
  };
}

/** The server's own start-up jobs not finished yet. */
async function startupJobsLeft(install: Install): Promise<number> {
  const rows = await install.db.selectFrom('jobs').select('status').where('name', 'in', ['render-example', 'render-music-library']).execute();
  return rows.filter((row) => row.status === 'queued' || row.status === 'running').length;
}

/** Seconds from pressing Export to the export being downloadable. */
async function timeExport(install: Install): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${install.server.url}/api/projects/${install.projectId}/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: install.cookie },
    body: JSON.stringify(EXPORT_SETTINGS),
  });
  if (response.status !== 200) throw new Error(`export refused: ${response.status} ${await response.text()}`);
  const { jobId } = (await response.json()) as { jobId: string };
  for (;;) {
    const job = (await (await fetch(`${install.server.url}/api/export-jobs/${jobId}`, { headers: { cookie: install.cookie } })).json()) as { status: string; errorMessage: string | null };
    if (job.status === 'completed') return (performance.now() - started) / 1000;
    if (job.status !== 'pending') throw new Error(`the export ended ${job.status}: ${job.errorMessage}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

interface Run {
  first: number;
  /** Start-up jobs not finished when the first export was: it ran beside them all along. */
  leftAfterFirst: number;
  later: number;
  baseline: 'after the start-up renders' | 'a second server, STARTUP_RENDERS=off';
  rendersDone: number;
}

async function oneRun(): Promise<Run> {
  const fresh = await freshInstall('on');
  try {
    const startedAt = performance.now();
    const first = await timeExport(fresh);
    const leftAfterFirst = await startupJobsLeft(fresh);
    const done = await until(async () => (await startupJobsLeft(fresh)) === 0, RENDERS_TIMEOUT_MS);
    const rendersDone = done ? (performance.now() - startedAt) / 1000 : Number.NaN;
    if (done) return { first, leftAfterFirst, later: await timeExport(fresh), baseline: 'after the start-up renders', rendersDone };
    await fresh.close();
    const quiet = await freshInstall('off');
    try {
      return { first, leftAfterFirst, later: await timeExport(quiet), baseline: 'a second server, STARTUP_RENDERS=off', rendersDone };
    } finally {
      await quiet.close();
    }
  } finally {
    await fresh.close();
  }
}

console.log(machineLine());
const results: Run[] = [];
for (let run = 0; run < runs; run++) results.push(await oneRun());
fs.rmSync(scratch, { recursive: true, force: true });

const ratio = median(results.map((run) => run.first)) / median(results.map((run) => run.later));
console.log('');
console.log(
  tableHeader(['runs', 'first export, during the start-up renders', 'start-up jobs left when it was done', 'the same export later', 'later measured', 'start → renders done', 'ratio']),
);
console.log(
  tableRow([
    runs,
    results.map((run) => `${run.first.toFixed(1)} s`).join(', '),
    results.map((run) => run.leftAfterFirst).join(', '),
    results.map((run) => `${run.later.toFixed(1)} s`).join(', '),
    [...new Set(results.map((run) => run.baseline))].join('; '),
    results.map((run) => (Number.isNaN(run.rendersDone) ? 'not within the timeout' : `${run.rendersDone.toFixed(0)} s`)).join(', '),
    `**${ratio.toFixed(2)}** (target ≤ 1.2)`,
  ]),
);
console.log(`\nLoad average at end ${loadAverage()}`);
if (ratio > 1.2) process.exitCode = 1;
