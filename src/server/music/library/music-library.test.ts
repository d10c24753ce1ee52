import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { musicTrackKey, musicTrackUrl } from '../music-keys.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { capturedLogger } from '../../test-support/captured-logger.ts';
import { sqliteDatabase } from '../../test-support/database-targets.ts';
import { type TestApp, createTestApp } from '../../test-support/test-app.ts';
import { addLibraryTrack, missingLibraryTracks } from './add-library-track.ts';
import { LIBRARY_TRACKS } from './library-tracks.ts';
import { measureLoudness } from '../../render/measure-loudness.ts';
import { probeAudio } from '../../render/probe-audio.ts';
import { loopLengthOf } from './render-track.ts';

const run = promisify(execFile);

/** Counts putFile calls on the real storage. */
function countingStorage(storage: Storage): Storage & { puts: string[] } {
  const puts: string[] = [];
  return Object.assign(Object.create(storage) as Storage, {
    puts,
    putFile: (key: string, file: string, contentType: string) => {
      puts.push(key);
      return storage.putFile(key, file, contentType);
    },
  });
}

function rms(samples: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / (to - from));
}

const db = (value: number) => 20 * Math.log10(value);

/**
 * The tracks' sound, on SQLite: the library's queries run on PostgreSQL in render-music-library-job.test.ts,
 * which lists and renders the missing tracks there.
 */
describe('the music library', () => {
  let testApp: TestApp;
  let storage: ReturnType<typeof countingStorage>;
  const captured = capturedLogger();
  /** Left channel of each stored track, decoded to float. */
  const decoded = new Map<string, Float32Array>();

  beforeAll(async () => {
    testApp = await createTestApp(sqliteDatabase);
    storage = countingStorage(testApp.services.storage);
    const deps = { db: testApp.db, storage, ffmpeg: testApp.services.ffmpeg, now: () => new Date('2026-01-02T03:04:05.000Z') };
    for (const track of await missingLibraryTracks(testApp.db, LIBRARY_TRACKS)) await addLibraryTrack(deps, track, { logger: captured.logger });
    for (const track of LIBRARY_TRACKS) {
      const file = path.join(testApp.dataDir, `${track.id}.m4a`);
      await testApp.services.storage.downloadToFile(musicTrackKey({ id: track.id, userId: null }), file);
      const { stdout } = await run(testApp.services.ffmpeg.ffmpegPath, ['-v', 'error', '-i', file, '-map', '0:a:0', '-af', 'pan=mono|c0=c0', '-f', 'f32le', '-'], {
        encoding: 'buffer',
        maxBuffer: 64 * 1024 * 1024,
      });
      decoded.set(track.id, new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4));
    }
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('stores every track and then its row, with its url, duration and library artist', async () => {
    const rows = await testApp.db.selectFrom('musicTracks').selectAll().orderBy('id').execute();
    expect(rows.map((row) => row.id)).toEqual(LIBRARY_TRACKS.map((track) => track.id).sort());
    for (const row of rows) {
      expect(row).toMatchObject({ userId: null, artist: 'PromptReel Library', url: musicTrackUrl(row.id), isCustom: 0, createdAt: '2026-01-02T03:04:05.000Z' });
      expect(row.duration).toBeGreaterThanOrEqual(30);
      expect(row.duration).toBeLessThanOrEqual(90);
      expect(await testApp.services.storage.stat(musicTrackKey({ id: row.id, userId: null }))).toMatchObject({ contentType: 'audio/mp4' });
    }
    const rendered = captured.lines.filter((line) => line.msg === 'music library track rendered');
    expect(rendered.map((line) => line.trackId).sort()).toEqual(LIBRARY_TRACKS.map((track) => track.id).sort());
  });

  it('stores AAC, 48 kHz stereo, at −14 ± 1 LUFS with true peaks at most −1 dBTP', async () => {
    for (const track of LIBRARY_TRACKS) {
      const file = path.join(testApp.dataDir, `${track.id}.m4a`);
      expect(await probeAudio(testApp.services.ffmpeg, file), track.id).toMatchObject({ codec: 'aac', sampleRate: 48_000, channels: 2 });
      const loudness = await measureLoudness(testApp.services.ffmpeg, file);
      expect(Math.abs(loudness.integratedLufs + 14), `${track.id} at ${loudness.integratedLufs} LUFS`).toBeLessThanOrEqual(1);
      expect(loudness.truePeakDb, track.id).toBeLessThanOrEqual(-1);
    }
  });

  it('loops without a click: the join is no louder a jump than the music makes, and both sides are about as loud', () => {
    for (const track of LIBRARY_TRACKS) {
      const samples = decoded.get(track.id)!;
      expect(samples.length, `${track.id} decoded length`).toBe(loopLengthOf(track));
      const window = 0.05 * 48_000;
      const end = samples.length;
      expect(Math.abs(db(rms(samples, end - window, end)) - db(rms(samples, 0, window))), `${track.id} loudness at the join`).toBeLessThan(6);
      // The jump is at most the music's own 99th-percentile step: no more than 99 % of its steps are smaller.
      // (Counted, not sorted: a sort of 2.9 million steps cost 0.45 s of CPU per track.)
      const join = Math.abs(samples[0]! - samples[end - 1]!);
      let smaller = 0;
      for (let i = 1; i < end; i++) if (Math.abs(samples[i]! - samples[i - 1]!) < join) smaller++;
      const percentile = (100 * smaller) / (end - 1);
      expect(join <= 0.02 || smaller <= Math.floor((end - 1) * 0.99), `${track.id} jump at the join ${join} is above ${percentile.toFixed(2)} % of its steps`).toBe(true);
    }
  });

  it('tracks are distinct: brightness and rhythm fingerprints differ between every pair', () => {
    const fingerprints = LIBRARY_TRACKS.map((track) => {
      const samples = decoded.get(track.id)!;
      let crossings = 0;
      for (let i = 1; i < samples.length; i++) if ((samples[i - 1]! < 0) !== (samples[i]! < 0)) crossings++;
      const window = 0.05 * 48_000;
      const levels: number[] = [];
      for (let i = 0; i + window <= samples.length; i += window) levels.push(rms(samples, i, i + window));
      const mean = levels.reduce((sum, level) => sum + level, 0) / levels.length;
      const spread = Math.sqrt(levels.reduce((sum, level) => sum + (level - mean) ** 2, 0) / levels.length) / mean;
      return { id: track.id, crossingsPerSecond: (crossings * 48_000) / samples.length, spread };
    });
    for (const [i, a] of fingerprints.entries()) {
      for (const b of fingerprints.slice(i + 1)) {
        const differs = Math.abs(a.crossingsPerSecond - b.crossingsPerSecond) / a.crossingsPerSecond > 0.05 || Math.abs(a.spread - b.spread) / a.spread > 0.05;
        expect(differs, `${a.id} vs ${b.id}: ${JSON.stringify([a, b])}`).toBe(true);
      }
    }
  });

  it('finds nothing missing once every track is stored', async () => {
    expect(await missingLibraryTracks(testApp.db, LIBRARY_TRACKS)).toEqual([]);
    expect(storage.puts.length).toBe(LIBRARY_TRACKS.length);
  });

  it('adds no row for a track whose file could not be stored', async () => {
    const short = (id: string) => ({ ...LIBRARY_TRACKS[0]!, id, bars: 2, sections: [{ bars: 2, layers: ['kick', 'bass'] as const }] });
    const failing: Storage = Object.assign(Object.create(testApp.services.storage) as Storage, {
      putFile: async (key: string, file: string, contentType: string) => {
        if (key.includes('test-broken')) throw new Error('disk full');
        return testApp.services.storage.putFile(key, file, contentType);
      },
    });
    const deps = { db: testApp.db, storage: failing, ffmpeg: testApp.services.ffmpeg };
    await expect(addLibraryTrack(deps, short('test-broken'), { logger: captured.logger })).rejects.toThrow('disk full');
    await addLibraryTrack(deps, short('test-fine'), { logger: captured.logger });
    const rows = await testApp.db.selectFrom('musicTracks').select('id').where('id', 'in', ['test-broken', 'test-fine']).execute();
    expect(rows.map((row) => row.id)).toEqual(['test-fine']);
  });
});
