import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type StartedServer, startServer } from './server.ts';

/**
 * The built-in media a server makes at start-up (decisions 015 and 022): the eight example clips and their
 * posters, and the music library's six tracks with their rows. The e2e server starts with STARTUP_RENDERS=off
 * and is seeded with a copy of them, so the suite does not render them on the same two cores as its tests.
 *
 * The copy is made once by the built server itself (a start with its start-up renders on, in a DATA_DIR of
 * its own, until every render job has completed) and kept under node_modules/.cache, named by a hash of the
 * built code that decides what is rendered; a rebuild that changes that code renders a new copy.
 */

const root = path.resolve(import.meta.dirname, '../..');
const cacheRoot = path.join(root, 'node_modules/.cache/promptreel-e2e');
/** What the renders read: the example catalog and renderer, the library's compositions, the offline video engine. */
const RENDER_CODE = ['dist/server/examples', 'dist/server/music/library', 'dist/server/providers/video-model'];
/** Storage folders (under DATA_DIR/media) the renders write to. */
const MEDIA_FOLDERS = ['examples', 'music/library'];
const ROWS_FILE = 'music-tracks.json';
const RENDER_JOBS = ['render-example', 'render-music-library'];

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function renderCodeHash(): string {
  const hash = createHash('sha256');
  for (const dir of RENDER_CODE) {
    for (const file of filesUnder(path.join(root, dir))) {
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

type Row = Record<string, unknown>;

/** The render jobs' states, once every one of them has finished; null while any is still queued or running. */
function finishedRenderJobs(dataDir: string): Array<{ id: string; status: string; last_error: string | null }> | null {
  const db = new Database(path.join(dataDir, 'promptreel.sqlite'), { readonly: true });
  try {
    const jobs = db
      .prepare(`select id, status, last_error from jobs where name in (${RENDER_JOBS.map(() => '?').join(', ')})`)
      .all(...RENDER_JOBS) as Array<{ id: string; status: string; last_error: string | null }>;
    return jobs.length > 0 && jobs.every((job) => job.status === 'completed' || job.status === 'failed') ? jobs : null;
  } finally {
    db.close();
  }
}

/** Starts the built server with its start-up renders on, waits for all of them, and keeps what they stored in `into`. */
async function renderBuiltInMedia(into: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-e2e-media-'));
  let server: StartedServer | undefined;
  try {
    server = await startServer(dataDir, { STARTUP_RENDERS: 'on' });
    const deadline = Date.now() + 15 * 60_000;
    let jobs = finishedRenderJobs(dataDir);
    while (!jobs) {
      if (Date.now() > deadline) throw new Error(`the built-in media were not rendered within 15 minutes (see ${dataDir}/server.log)`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      jobs = finishedRenderJobs(dataDir);
    }
    const failed = jobs.filter((job) => job.status !== 'completed');
    if (failed.length > 0) throw new Error(`rendering the built-in media failed: ${failed.map((job) => `${job.id}: ${String(job.last_error)}`).join('; ')}`);
    await server.stop();
    server = undefined;

    for (const folder of MEDIA_FOLDERS) fs.cpSync(path.join(dataDir, 'media', folder), path.join(into, 'media', folder), { recursive: true });
    const db = new Database(path.join(dataDir, 'promptreel.sqlite'), { readonly: true });
    try {
      const rows = db.prepare('select * from music_tracks where user_id is null order by id').all() as Row[];
      fs.writeFileSync(path.join(into, ROWS_FILE), JSON.stringify(rows, null, 2));
    } finally {
      db.close();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  } finally {
    await server?.stop();
  }
}

/** The folder holding the built-in media for the current build, rendered first if no run has kept them yet. */
export async function builtInMedia(): Promise<string> {
  const dir = path.join(cacheRoot, `built-in-media-${renderCodeHash()}`);
  if (fs.existsSync(path.join(dir, ROWS_FILE))) return dir;
  const started = Date.now();
  console.log('Rendering the built-in media (examples, music library) once for the e2e runs; later runs reuse them…');
  const partial = `${dir}.partial-${String(process.pid)}`;
  fs.rmSync(partial, { recursive: true, force: true });
  await renderBuiltInMedia(partial);
  // Copies for older builds are of no further use.
  for (const old of fs.existsSync(cacheRoot) ? fs.readdirSync(cacheRoot) : []) {
    if (old.startsWith('built-in-media-') && path.join(cacheRoot, old) !== partial) fs.rmSync(path.join(cacheRoot, old), { recursive: true, force: true });
  }
  fs.renameSync(partial, dir);
  console.log(`Built-in media rendered in ${String(Math.round((Date.now() - started) / 1000))} s and kept in ${path.relative(root, dir)}`);
  return dir;
}

/** Copies the built-in media into a running server's DATA_DIR and database, as a start-up render would have left them. */
export function seedBuiltInMedia(media: string, dataDir: string): void {
  for (const folder of MEDIA_FOLDERS) fs.cpSync(path.join(media, 'media', folder), path.join(dataDir, 'media', folder), { recursive: true });
  const rows = JSON.parse(fs.readFileSync(path.join(media, ROWS_FILE), 'utf8')) as Row[];
  const db = new Database(path.join(dataDir, 'promptreel.sqlite'));
  try {
    const insert = db.transaction((all: Row[]) => {
      for (const row of all) {
        const columns = Object.keys(row);
        db.prepare(`insert into music_tracks (${columns.join(', ')}) values (${columns.map((column) => `@${column}`).join(', ')})`).run(row);
      }
    });
    insert(rows);
  } finally {
    db.close();
  }
}
