import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.ts';
import { scratchRoot } from '../render/scratch-dir.ts';
import { childProcesses, processArguments, scratchDirsLeft, storedObjectMismatches } from '../test-support/crash-checks.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { type ServerProcess, makeServerHomeOn, requestJson, signUpOverHttp, startServer } from '../test-support/server-process.ts';
import { waitFor } from '../test-support/wait-for.ts';

// On each database the app runs on: the track's job and the user's one-at-a-time slot are rows, and a crash
// must leave neither stuck.
describe.each(testDatabases())('a server killed during a music upload (SIGKILL) on $name', (database) => {
  let where: Awaited<ReturnType<typeof makeServerHomeOn>>;
  let server: ServerProcess | undefined;
  let track: string;
  beforeAll(async () => {
    where = await makeServerHomeOn(database, 'music-crash');
    // A minute of 8 kHz mono at 8 kb/s: about 60 KB, whose normalisation (48 kHz stereo AAC) still runs for a while.
    track = path.join(where.home.tmpDir, 'track.mp3');
    await promisify(execFile)('ffmpeg', [
      '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000:duration=60', '-c:a', 'libmp3lame', '-b:a', '8k', track,
    ]);
  });
  afterAll(async () => {
    server?.kill();
    await where?.remove();
  });

  it('runs the track’s job again when the server restarts: the track becomes ready and the user’s next one is accepted', async () => {
    const { home, settings, target } = where;
    server = await startServer(home, settings);
    const { baseUrl } = home;
    const cookie = await signUpOverHttp(baseUrl, 'composer');
    /** A music ticket with the track PUT to it. */
    const uploaded = async () => {
      const { uploadURL } = await requestJson<{ uploadURL: string }>(baseUrl, cookie, 'POST', '/api/music-tracks/upload');
      const put = await fetch(`${baseUrl}${new URL(uploadURL).pathname}`, { method: 'PUT', headers: { cookie, 'content-type': 'audio/mpeg' }, body: await fs.readFile(track) });
      expect(put.status).toBe(200);
      return uploadURL;
    };
    const complete = async (audioURL: string) => {
      const response = await fetch(`${baseUrl}/api/music-tracks/complete-upload`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ audioURL, title: 'Theme' }),
      });
      return { status: response.status, body: (await response.json()) as { id: string; processing?: true } };
    };
    type Listed = { id: string; isCustom: number; processing?: true; errorMessage?: string };
    /** The user's own tracks once none is processing. */
    const processed = () =>
      waitFor('the user’s tracks to be processed', async () => {
        const { tracks } = await requestJson<{ tracks: Listed[] }>(baseUrl, cookie, 'GET', '/api/music-tracks');
        const own = tracks.filter((listed) => listed.isCustom === 1);
        return own.some((listed) => listed.processing) ? undefined : own;
      }, 120_000);

    // Kill it hard while the job normalises the track: one of its ffmpeg runs (reading the upload's scratch copy)
    // is paused (SIGSTOP), so however fast the machine, the crash lands mid-job.
    const interrupted = await complete(await uploaded());
    expect(interrupted).toMatchObject({ status: 201, body: { processing: true } });
    const crashed = server.pid;
    const uploadScratch = `${scratchRoot(home.tmpDir)}/${crashed}-music-upload-`;
    const tool = await waitFor('the music upload’s ffmpeg to be running', async () => {
      for (const pid of await childProcesses(crashed, 'ffmpeg')) {
        if ((await processArguments(pid)).some((arg) => arg.startsWith(uploadScratch))) return pid;
      }
      return undefined;
    }, 60_000, 20);
    process.kill(tool, 'SIGSTOP');
    await server.crash();

    const db = createDatabase(target);
    try {
      // The dead job's upload and track are still there, processing.
      expect(await db.selectFrom('uploads').select(['kind', 'status']).execute()).toEqual([{ kind: 'music', status: 'processing' }]);
      expect(await db.selectFrom('musicTracks').select('status').where('id', '=', interrupted.body.id).execute()).toEqual([{ status: 'processing' }]);

      server = await startServer(home, settings);
      // The restarted server takes the job over: the track is made, and the slot it held is free again.
      const resumed = await processed();
      expect(resumed).toEqual([expect.objectContaining({ id: interrupted.body.id, title: 'Theme' })]);
      expect(resumed[0]).not.toHaveProperty('errorMessage');
      expect(await complete(await uploaded())).toMatchObject({ status: 201, body: { processing: true } });
      const own = await processed();
      expect(own).toHaveLength(2);
      expect(own.filter((listed) => listed.errorMessage !== undefined)).toEqual([]);

      await server.stop();
      server = undefined;
      expect(await db.selectFrom('uploads').select('id').execute()).toEqual([]);
      expect(await storedObjectMismatches(db, home.mediaDir)).toEqual({ orphaned: [], missing: [] });
    } finally {
      await db.destroy();
    }
    // The start-up sweep removed the killed process's scratch dir; the restarted one removed its own.
    expect(await scratchDirsLeft(home.tmpDir)).toEqual([]);
  });
});
