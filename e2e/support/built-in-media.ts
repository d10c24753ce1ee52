import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { exampleCatalog } from '../../src/server/examples/examples-catalog.ts';
import { RENDER_VERSION } from '../../src/server/examples/examples-service.ts';
import { LIBRARY_ARTIST } from '../../src/server/music/library/add-library-track.ts';
import { LIBRARY_TRACKS } from '../../src/server/music/library/library-tracks.ts';
import { musicTrackKey, musicTrackUrl } from '../../src/server/music/music-keys.ts';
import { createLocalStorage } from '../../src/server/providers/storage/local-storage.ts';
import { storageKey } from '../../src/server/providers/storage/storage.ts';

const run = promisify(execFile);

/** What the examples' stand-in clips last: the pages play them, nobody watches them to the end. */
const EXAMPLE_SECONDS = 2;

/**
 * Seeds a running e2e server (started with STARTUP_RENDERS=off) with stand-ins for the built-in media its
 * start-up would render (decisions 015 and 022): the eight example clips and posters, stored under the keys
 * the examples service reads, and the music library's six tracks with their rows, as addLibraryTrack leaves
 * them, each as long as its composition. The stand-ins are small ffmpeg test patterns and tones made in a
 * few seconds, where the real renders take about two minutes of both cores on every fresh clone; the real
 * renders keep their own tests (examples.test.ts, render-music-library-job.test.ts), and the pages under test
 * only read what is stored.
 */
export async function seedBuiltInMedia(dataDir: string): Promise<void> {
  const storage = createLocalStorage(path.join(dataDir, 'media'));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'promptreel-e2e-media-'));
  try {
    const exampleWork = exampleCatalog.map(async (entry) => {
      const [width, height] = entry.aspectRatio === '9:16' ? [180, 320] : [320, 180];
      const clip = path.join(scratch, `example-${String(entry.id)}.mp4`);
      const poster = path.join(scratch, `example-${String(entry.id)}.jpg`);
      await run('ffmpeg', [
        '-v', 'error',
        '-f', 'lavfi', '-i', `testsrc2=size=${String(width)}x${String(height)}:rate=24:duration=${String(EXAMPLE_SECONDS)}`,
        '-f', 'lavfi', '-i', `sine=frequency=${String(200 + entry.id * 50)}:duration=${String(EXAMPLE_SECONDS)}`,
        '-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', clip,
        '-map', '0:v', '-ss', '1', '-frames:v', '1', poster,
      ]);
      await storage.putFile(storageKey('examples', `${RENDER_VERSION}-${String(entry.id)}.mp4`), clip, 'video/mp4');
      await storage.putFile(storageKey('examples', `${RENDER_VERSION}-${String(entry.id)}.jpg`), poster, 'image/jpeg');
    });
    const trackWork = LIBRARY_TRACKS.map(async (track, index) => {
      const seconds = (track.bars * 4 * 60) / track.bpm;
      const file = path.join(scratch, `${track.id}.m4a`);
      await run('ffmpeg', [
        '-v', 'error',
        '-f', 'lavfi', '-i', `sine=frequency=${String(220 + index * 55)}:sample_rate=48000:duration=${seconds.toFixed(3)}`,
        '-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-movflags', '+faststart', file,
      ]);
      await storage.putFile(musicTrackKey({ id: track.id, userId: null }), file, 'audio/mp4');
      return { track, seconds };
    });
    await Promise.all(exampleWork);
    const tracks = await Promise.all(trackWork);

    const db = new Database(path.join(dataDir, 'promptreel.sqlite'));
    try {
      const insert = db.prepare(
        'insert into music_tracks (id, user_id, title, artist, url, duration, genre, is_custom, created_at) values (?, null, ?, ?, ?, ?, ?, 0, ?)',
      );
      db.transaction(() => {
        for (const { track, seconds } of tracks) {
          insert.run(track.id, track.title, LIBRARY_ARTIST, musicTrackUrl(track.id), seconds, track.genre, new Date().toISOString());
        }
      })();
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
