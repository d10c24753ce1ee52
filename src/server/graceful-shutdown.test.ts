import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../shared/schemas/project.ts';
import { createDatabase } from './db/database.ts';
import { ledgerMismatches, scratchDirsLeft } from './test-support/crash-checks.ts';
import { type ServerHome, type ServerProcess, makeServerHome, requestJson, signUpOverHttp, startServer } from './test-support/server-process.ts';
import { waitFor } from './test-support/wait-for.ts';

describe('SIGTERM mid-generation (a deploy or a scale-down)', () => {
  let home: ServerHome;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    home = await makeServerHome('sigterm');
  });
  afterAll(async () => {
    server?.kill();
    await home.remove();
  });

  it('stops listening, finishes or hands back the running job, closes the database, exits 0; the job completes after restart', async () => {
    server = await startServer(home);
    const cookie = await signUpOverHttp(home.baseUrl, 'deployer');
    const created = await requestJson<Project>(home.baseUrl, cookie, 'POST', '/api/projects', {
      title: 'Two segments',
      prompt: 'A lighthouse in a storm',
      aspectRatio: '9:16',
      duration: 15,
    });
    const project = () => requestJson<Project>(home.baseUrl, cookie, 'GET', `/api/projects/${created.id}`);
    await waitFor('the first segment', async () => ((await project()).currentSegment >= 1 ? true : undefined));

    const stopping = server.stop();
    // New requests are refused while the running job is given its grace period.
    await waitFor('the port to close', async () => {
      try {
        await fetch(`${home.baseUrl}/healthz`);
        return undefined;
      } catch {
        return true;
      }
    }, 10_000, 50);
    expect(await stopping).toBe(0);
    server = undefined;
    expect(await scratchDirsLeft(home.tmpDir)).toEqual([]);
    // SQLite removes its write-ahead log when the last connection closes cleanly.
    expect(fs.existsSync(`${home.databaseFile}-wal`)).toBe(false);

    const db = createDatabase({ kind: 'sqlite', file: home.databaseFile });
    try {
      const job = await db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
      // Either it finished inside the grace period or it was handed back for the next process.
      expect(['completed', 'pending']).toContain(job.status);
    } finally {
      await db.destroy();
    }

    server = await startServer(home);
    const done = await waitFor('the video', async () => {
      const p = await project();
      return p.status === 'generating' ? undefined : p;
    });
    expect(done.status).toBe('ready');
    expect(done.duration).toBeCloseTo(15, 0);
    expect(await server.stop()).toBe(0);
    server = undefined;

    const after = createDatabase({ kind: 'sqlite', file: home.databaseFile });
    try {
      expect(await ledgerMismatches(after)).toEqual([]);
      const user = await after.selectFrom('users').select('credits').executeTakeFirstOrThrow();
      expect(user.credits).toBe(200 - 24);
    } finally {
      await after.destroy();
    }
  });
});
