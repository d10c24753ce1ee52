/**
 * The examples page on a fresh install (issue 17, item 1): the built server (`node dist/server/main.js`, run
 * `npm run build` first) started on an empty DATA_DIR, and a first visitor who opens /examples the moment it
 * answers: `GET /api/examples`, then the eight posters at once, as the browser asks for them. Measures start →
 * listening, start → all eight posters received, the first visit itself (list + eight posters), a second visit
 * (everything stored), and start → all eight clips stored by the background renders.
 *
 * Run with `npx tsx bench/examples-first-visit.bench.ts [--runs=3] [--dist=<a built checkout's dist/server>]
 * [--clips-timeout=<seconds>]` (part of `npm run bench`, which builds first if the sources changed);
 * prints a markdown table for docs/benchmarks.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, inheritedEnvironment } from '../src/server/test-support/server-process.ts';
import { median, numberArgument, stringArgument } from './support/measure.ts';
import { loadAverage, machineLine, tableHeader, tableRow } from './support/report.ts';

const runs = Math.ceil(numberArgument('runs', 3));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const serverDir = path.resolve(stringArgument('dist') ?? path.join(repoRoot, 'dist/server'));
const main = path.join(serverDir, 'main.js');
if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first.`);
/** How long to wait for the background clip renders before giving up on that column (a server without them: 1). */
const CLIPS_TIMEOUT_MS = numberArgument('clips-timeout', 600) * 1000;

const seconds = (ms: number) => (Number.isNaN(ms) ? 'not stored' : `${(ms / 1000).toFixed(2)} s`);

async function firstVisit(url: string): Promise<number> {
  const started = performance.now();
  const list = await fetch(`${url}/api/examples`);
  if (list.status !== 200) throw new Error(`GET /api/examples answered ${list.status}`);
  const examples = (await list.json()) as Array<{ thumbnail: string }>;
  await Promise.all(
    examples.map(async ({ thumbnail }) => {
      const poster = await fetch(`${url}${thumbnail}`);
      const body = await poster.arrayBuffer();
      if (poster.status !== 200 || poster.headers.get('content-type') !== 'image/jpeg' || body.byteLength === 0) {
        throw new Error(`GET ${thumbnail} answered ${poster.status} ${poster.headers.get('content-type')}`);
      }
    }),
  );
  return performance.now() - started;
}

async function waitUntilListening(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      await fetch(`${url}/healthz`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Start → every example's clip in DATA_DIR/media/examples, or NaN past the timeout. */
async function clipsStored(mediaDir: string, startedAt: number): Promise<number> {
  const deadline = performance.now() + CLIPS_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const clips = fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir).filter((name) => name.endsWith('.mp4')) : [];
    if (clips.length >= 8) return performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Number.NaN;
}

interface Run {
  listening: number;
  posters: number;
  visit: number;
  secondVisit: number;
  clips: number;
}

async function oneRun(): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-bench-examples-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: { ...inheritedEnvironment(), HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitUntilListening(url, child);
    const listening = performance.now() - startedAt;
    const visit = await firstVisit(url);
    const posters = performance.now() - startedAt;
    const secondVisit = await firstVisit(url);
    const clips = await clipsStored(path.join(dataDir, 'media', 'examples'), startedAt);
    return { listening, posters, visit, secondVisit, clips };
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(machineLine());
console.log(`Server: ${path.relative(process.cwd(), main) || main}\n`);
const results: Run[] = [];
for (let run = 0; run < runs; run++) results.push(await oneRun());
const column = (pick: (run: Run) => number) => {
  const values = results.map(pick);
  if (values.some(Number.isNaN)) return seconds(Number.NaN);
  return `${seconds(median(values))} (${seconds(Math.min(...values))}–${seconds(Math.max(...values))})`;
};
console.log(
  tableHeader(['runs', 'start → listening', 'start → 8 posters received', 'first visit: list + 8 posters', 'second visit', 'start → 8 clips stored']),
);
console.log(
  tableRow([
    runs,
    column((run) => run.listening),
    column((run) => run.posters),
    column((run) => run.visit),
    column((run) => run.secondVisit),
    column((run) => run.clips),
  ]),
);
console.log(`\nLoad average at end ${loadAverage()}`);
