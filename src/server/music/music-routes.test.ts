import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../test-support/database-targets.ts';
import { makeTestClip } from '../test-support/test-clips.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';
import { musicTrackKey, musicTrackUrl } from './music-keys.ts';

describe.each(testDatabases())('music tracks on $name', (database) => {
  let t: TestApp;
  let maya: { cookie: string; userId: string };
  let noah: { cookie: string; userId: string };
  let audioFile: string;
  /** This test's own tracks' ids. */
  let mayaOwn: string;
  let noahOwn: string;

  async function addTrack(id: string, userId: string | null, title: string, genre: string) {
    const track = { id, userId };
    await t.services.storage.putFile(musicTrackKey(track), audioFile, 'audio/mp4');
    await t.db
      .insertInto('musicTracks')
      .values({ ...track, title, artist: userId ? null : 'PromptReel Library', url: musicTrackUrl(id), duration: 3, genre, isCustom: userId ? 1 : 0, createdAt: '2026-11-24T00:00:00.000Z' })
      .execute();
  }

  // One app and library for the describe; two users with a track each of their own per test (other
  // tests' users' tracks are then there too, and must not show).
  beforeAll(async () => {
    t = await createTestApp(database);
    audioFile = path.join(t.dataDir, 'track.m4a');
    await makeTestClip(audioFile, { width: 160, height: 90, seconds: 3 });
    await addTrack('library-chill', null, 'Slow Tide', 'chill');
    await addTrack('library-upbeat', null, 'Bright Run', 'upbeat');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    maya = await signUp(t.app, { username: uniqueName('maya') });
    noah = await signUp(t.app, { username: uniqueName('noah') });
    mayaOwn = `${uniqueName('maya')}-own`;
    noahOwn = `${uniqueName('noah')}-own`;
    await addTrack(mayaOwn, maya.userId, 'My Theme', 'chill');
    await addTrack(noahOwn, noah.userId, 'His Theme', 'chill');
  });

  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

  it('lists the library and the caller’s own tracks (never another user’s), library first, filtered by genre', async () => {
    const all = await get('/api/music-tracks', maya.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.json().tracks.map((track: { id: string }) => track.id)).toEqual(['library-upbeat', 'library-chill', mayaOwn]);
    expect(all.json().tracks[2]).toMatchObject({ userId: maya.userId, isCustom: 1, url: `/api/music-tracks/${mayaOwn}/audio`, title: 'My Theme' });

    const chill = await get('/api/music-tracks?genre=chill', maya.cookie);
    expect(chill.json().tracks.map((track: { id: string }) => track.id)).toEqual(['library-chill', mayaOwn]);
    expect((await get('/api/music-tracks')).statusCode).toBe(401);
    expect((await get(`/api/music-tracks?genre=${'x'.repeat(41)}`, maya.cookie)).statusCode).toBe(400);
  });

  it('streams a track with Range to whoever may play it; another user’s track is a 404', async () => {
    const whole = await get('/api/music-tracks/library-chill/audio', noah.cookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mp4');
    expect(whole.headers['cache-control']).toContain('immutable');

    const part = await get(`/api/music-tracks/${mayaOwn}/audio`, maya.cookie, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(100);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);

    const foreign = await get(`/api/music-tracks/${noahOwn}/audio`, maya.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Music track not found');
    expect((await get('/api/music-tracks/nothing-here/audio', maya.cookie)).statusCode).toBe(404);
  });
});
