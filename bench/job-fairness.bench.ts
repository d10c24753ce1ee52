/**
 * Job fairness: how long another user's 8 s offline clip takes to be made alone, and behind one user's six
 * queued 1080p exports (target: at most 3x its lone time). The whole app runs in this process on a fresh
 * SQLite database with the database queue and the default JOB_CONCURRENCY, as `npm start` would; requests go
 * through the HTTP routes (inject). Run with `npx tsx bench/job-fairness.bench.ts [--runs=3]`; prints a
 * markdown table for docs/benchmarks.md.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createLogger } from '../src/server/logger.ts';
import { storageKey } from '../src/server/providers/storage/storage.ts';
import { runFfmpeg } from '../src/server/render/ffmpeg-runner.ts';
import { closeServices, createServices, jobDefinitionsFor } from '../src/server/services.ts';
import { median, numberArgument } from './support/measure.ts';
import { loadAverage, machineLine, tableHeader, tableRow } from './support/report.ts';

const runs = Math.ceil(numberArgument('runs', 3));
const EXPORTS = ['mp4', 'mov'].flatMap((format) => ['high', 'medium', 'low'].map((quality) => ({ resolution: '1080p', format, quality })));

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-fairness-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PATH: process.env.PATH ?? '', RATE_LIMIT_SCALE: '100' });
const services = await createServices(config, createLogger(config));
const app = await buildApp(services, { clientDir: null });
await app.ready();
services.queue.start(jobDefinitionsFor(services));
const { db } = services;

async function signUp(username: string): Promise<{ cookie: string; userId: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: 'secret-pass' } });
  const cookie = response.cookies.find((c) => c.name === 'promptreel_session');
  if (response.statusCode !== 201 || !cookie) throw new Error(`signup failed: ${response.body}`);
  return { cookie: `${cookie.name}=${cookie.value}`, userId: response.json().user.id };
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The exporter's project: an 8 s 1080x1920 clip, stored as a finished generation leaves it. */
async function exporterProject(userId: string): Promise<string> {
  const clip = path.join(dataDir, 'source.mp4');
  await runFfmpeg(services.ffmpeg, [
    '-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=24', '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', '8', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', clip,
  ]);
  const id = randomUUID();
  const videoKey = storageKey('projects', id, 'video.mp4');
  await services.storage.putFile(videoKey, clip, 'video/mp4');
  const at = new Date().toISOString();
  await db
    .insertInto('videoProjects')
    .values({ id, userId, title: 'Source', prompt: 'Source', aspectRatio: '9:16', status: 'ready', duration: 8, targetDuration: 8, videoKey, thumbnailKey: null, videoUrl: null, thumbnailUrl: null, editorState: null, errorMessage: null, createdAt: at, updatedAt: at })
    .execute();
  return id;
}

/** Seconds from asking for an 8 s clip until it is ready. */
async function timeClip(server: FastifyInstance, cookie: string, title: string): Promise<number> {
  const started = performance.now();
  const created = await server.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { cookie },
    payload: { title, prompt: 'Paper boats racing down a rainy gutter', aspectRatio: '9:16', duration: 8 },
  });
  if (created.statusCode !== 201) throw new Error(`generation refused: ${created.body}`);
  const id = created.json().id as string;
  let status = 'generating';
  await until(async () => {
    status = (await db.selectFrom('videoProjects').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    return status !== 'generating';
  });
  if (status !== 'ready') throw new Error(`the clip ended ${status}`);
  return (performance.now() - started) / 1000;
}

const pendingExports = async (ids: string[]) =>
  (await db.selectFrom('exportJobs').select('id').where('id', 'in', ids).where('status', '=', 'pending').execute()).length;

console.log(machineLine());
const exporter = await signUp('exporter');
const other = await signUp('other');
const projectId = await exporterProject(exporter.userId);

const alone: number[] = [];
const behind: number[] = [];
const exportsLeft: number[] = [];
const exportsTotal: number[] = [];
for (let run = 0; run < runs; run += 1) {
  alone.push(await timeClip(app, other.cookie, `alone ${run}`));

  const started = performance.now();
  const ids: string[] = [];
  for (const settings of EXPORTS) {
    const response = await app.inject({ method: 'POST', url: `/api/projects/${projectId}/export`, headers: { cookie: exporter.cookie }, payload: settings });
    if (response.statusCode !== 200) throw new Error(`export refused: ${response.body}`);
    ids.push(response.json().jobId as string);
  }
  behind.push(await timeClip(app, other.cookie, `behind ${run}`));
  exportsLeft.push(await pendingExports(ids));
  await until(async () => (await pendingExports(ids)) === 0);
  exportsTotal.push((performance.now() - started) / 1000);
}

const ratio = median(behind) / median(alone);
console.log('');
console.log(tableHeader(['runs', "other user's 8 s clip alone (median)", 'behind six 1080p exports (median)', 'ratio', 'exports still queued when it was ready', 'the six exports took (median)']));
console.log(
  tableRow([
    runs,
    `${median(alone).toFixed(1)} s (${alone.map((s) => s.toFixed(1)).join(', ')})`,
    `${median(behind).toFixed(1)} s (${behind.map((s) => s.toFixed(1)).join(', ')})`,
    `**${ratio.toFixed(2)}** (target ≤ 3)`,
    exportsLeft.join(', '),
    `${median(exportsTotal).toFixed(1)} s`,
  ]),
);
console.log(`\nLoad average at end ${loadAverage()}`);

await app.close();
await closeServices(services);
await fs.rm(dataDir, { recursive: true, force: true });
if (ratio > 3) process.exitCode = 1;
