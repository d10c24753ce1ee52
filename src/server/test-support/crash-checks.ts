import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { watermarkedVideoKey } from '../media/watermarked-video.ts';
import { musicTrackKey } from '../music/music-keys.ts';
import { scratchRoot } from '../render/scratch-dir.ts';

/**
 * What must hold after any crash and restart, checked from outside the server. Each returns what is wrong
 * (empty when all is well), so a failing test shows the offending rows or files.
 */

/** Users whose credits differ from the sum of their ledger rows (DESIGN §5). */
export async function ledgerMismatches(db: Db): Promise<Array<{ userId: string; credits: number; ledgerSum: number }>> {
  const users = await db.selectFrom('users').select(['id', 'credits']).execute();
  const sums = await db
    .selectFrom('creditLedger')
    .select(['userId', sql<number | string>`sum(delta)`.as('total')])
    .groupBy('userId')
    .execute();
  const ledger = new Map(sums.map((row) => [row.userId, Number(row.total)]));
  return users
    .map((user) => ({ userId: user.id, credits: user.credits, ledgerSum: ledger.get(user.id) ?? 0 }))
    .filter((user) => user.credits !== user.ledgerSum);
}

/**
 * Local storage against the rows that point into it: `orphaned` are files no project (its video, the video's
 * watermarked copy, its thumbnail), segment, export, music track or open upload refers to (a `~meta.json` sidecar counts as its object; temp files of an interrupted write count as
 * themselves), `missing` are keys a project, segment, export or ready music track refers to with no file.
 */
export async function storedObjectMismatches(db: Db, mediaDir: string): Promise<{ orphaned: string[]; missing: string[] }> {
  const projects = await db.selectFrom('videoProjects').select(['videoKey', 'thumbnailKey']).execute();
  const segments = await db.selectFrom('generationSegments').select('storageKey').execute();
  const exports = await db.selectFrom('exportJobs').select('outputKey').execute();
  const uploads = await db.selectFrom('uploads').select('storageKey').where('status', '!=', 'completed').execute();
  // A track being processed or refused has no file yet (or ever).
  const music = await db.selectFrom('musicTracks').select(['id', 'userId']).where('status', '=', 'ready').execute();
  const required = [
    ...projects.flatMap((row) => [row.videoKey, row.thumbnailKey]),
    ...segments.map((row) => row.storageKey),
    ...exports.map((row) => row.outputKey),
    ...music.map((row) => musicTrackKey(row)),
  ].filter((key): key is string => key !== null);
  const watermarked = projects.flatMap((row) => (row.videoKey ? [watermarkedVideoKey(row.videoKey)] : []));
  const referenced = new Set([...required, ...watermarked, ...uploads.map((row) => row.storageKey)]);

  const files = await listFiles(mediaDir);
  const stored = new Set(files.filter((file) => !file.endsWith('~meta.json')));
  // The examples' posters and clips belong to no row, but the servers these checks run against start with
  // STARTUP_RENDERS off and nothing asks them for an example: any file of theirs would be an orphan too.
  const orphaned = files.filter((file) => !referenced.has(file.replace(/~meta\.json$/, '')));
  return { orphaned: orphaned.sort(), missing: required.filter((key) => !stored.has(key)).sort() };
}

/** Scratch dirs still under `tmpDir` (named `<pid>-<prefix>-XXXXXX`). */
export async function scratchDirsLeft(tmpDir: string): Promise<string[]> {
  const names = await fs.readdir(scratchRoot(tmpDir)).catch(() => []);
  return names.sort();
}

/** A process's name, state and parent from Linux's /proc; undefined once it is gone or reaped. */
async function processStat(pid: number): Promise<{ name: string; state: string; parentPid: number } | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  const [state = '', parentPid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), state, parentPid: Number(parentPid) };
}

/** Living (not zombie) processes named `command` whose parent is `parentPid`. */
export async function childProcesses(parentPid: number, command: string): Promise<number[]> {
  const pids = (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const stats = await Promise.all(pids.map(processStat));
  return pids.filter((_, i) => stats[i]?.name === command && stats[i].parentPid === parentPid && stats[i].state !== 'Z');
}

/** The command line a process was started with (empty once it is gone). */
export async function processArguments(pid: number): Promise<string[]> {
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.split('\0').filter((arg) => arg !== '');
}

/** Which of `pids` still run (zombies, dead but not yet reaped, do not count). */
export async function stillRunning(pids: number[]): Promise<number[]> {
  const stats = await Promise.all(pids.map(processStat));
  return pids.filter((_, i) => stats[i] !== undefined && stats[i].state !== 'Z');
}

/** Every file under `dir`, as a '/'-separated path relative to it. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** The pids of running processes whose command line holds `marker`. */
export async function processesWith(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const commandLine = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes(marker)) pids.push(Number(entry));
  }
  return pids;
}
