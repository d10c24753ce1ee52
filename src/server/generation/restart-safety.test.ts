import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../shared/schemas/project.ts';
import { createDatabase } from '../db/database.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** The real server process (from source through tsx), as `npm start` runs it. */
function startServer(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, JOB_LEASE_SECONDS: '2', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a server killed mid-generation (SIGKILL)', () => {
  let dataDir: string;
  let server: ChildProcess | undefined;
  const port = 5200 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-restart-'));
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('resumes the job after restart: the video completes, no credit is lost or charged twice', async () => {
    server = startServer(dataDir, port);
    await waitFor('the server', async () => ((await fetch(`${base}/api/auth/me`)).status === 401 ? true : undefined));
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'survivor', password: 'secret-pass' }),
    });
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    const created = (await (
      await fetch(`${base}/api/projects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ title: 'Long one', prompt: 'Snowy mountains at dawn', aspectRatio: '16:9', duration: 30 }),
      })
    ).json()) as Project;
    const project = (): Promise<Project> =>
      fetch(`${base}/api/projects/${created.id}`, { headers: { cookie } }).then((r) => r.json() as Promise<Project>);

    // Kill it hard once at least one of the four segments is stored, before the video is done.
    const before = await waitFor('a first segment', async () => {
      const p = await project();
      return p.currentSegment >= 1 ? p : undefined;
    });
    expect(before.status).toBe('generating');
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));

    server = startServer(dataDir, port);
    const after = await waitFor('the resumed video', async () => {
      const p = await project();
      return p.status === 'generating' ? undefined : p;
    }, 120_000);
    expect(after.status).toBe('ready');
    expect(after.duration).toBeCloseTo(30, 0);

    server.kill('SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
    server = undefined;
    const db = createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'promptreel.sqlite') });
    try {
      const user = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      const ledger = await db.selectFrom('creditLedger').select(['delta', 'reason']).where('userId', '=', user.id).execute();
      expect(user.credits).toBe(200 - 48);
      expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(user.credits);
      expect(ledger.filter((row) => row.reason === 'generation')).toHaveLength(1);
      const job = await db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
      expect(job.status).toBe('completed');
      expect(job.attempts).toBe(2);
      expect(await db.selectFrom('generationSegments').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
    const folder = path.join(dataDir, 'media', 'projects', created.id);
    expect(await fs.readdir(path.join(folder, 'segments'))).toEqual([]);
    const files = await fs.readdir(folder);
    expect(files.filter((file) => file !== 'segments' && !file.endsWith('~meta.json')).sort()).toEqual([
      expect.stringMatching(/^thumbnail-\w+\.jpg$/),
      expect.stringMatching(/^video-\w+\.mp4$/),
    ]);
  }, 240_000);
});
