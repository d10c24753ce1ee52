import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MusicTrack } from '../../shared/schemas/music.ts';
import { requeueUnfinishedGenerations } from '../generation/generation-sweep.ts';
import { releaseStoppedClaims, sweepAbandonedUploads } from '../media/uploads-sweep.ts';
import { thisProcess } from '../process-liveness.ts';
import { measureLoudness } from '../render/measure-loudness.ts';
import { probeAudio } from '../render/probe-audio.ts';
import { jobDefinitionsFor } from '../services.ts';
import { cachedFixture } from '../test-support/cached-fixture.ts';
import { type TestDatabase, sqliteDatabase, testDatabases } from '../test-support/database-targets.ts';
import { makeBeepsFlacOgg, makeChord, makeLyingM4a, makeSilentFilm } from '../test-support/music-fixtures.ts';
import { childCpuSeconds } from '../test-support/process-cpu.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';
import { waitFor } from '../test-support/wait-for.ts';
import { musicTrackKey } from './music-keys.ts';

/** The upload fixtures by the names the tests use, each made once per checkout (cachedFixture). */
const fixtures = new Map<string, string>();
const fixture = (name: string) => fixtures.get(name)!;
const recipes: Array<[name: string, key: string, make: (file: string) => Promise<unknown>]> = [
  // Quiet (about −31 LUFS), loud (about −6 LUFS, peaks at full scale) and in between, in three containers.
  ['quiet.mp3', 'music-chord-8s-quiet.mp3', (file) => makeChord(file, { seconds: 8, gain: 0.1 }, '-c:a', 'libmp3lame', '-b:a', '128k')],
  ['loud.wav', 'music-chord-5s-loud-44k.wav', (file) => makeChord(file, { seconds: 5, gain: 2 }, '-ar', '44100', '-c:a', 'pcm_s16le')],
  ['mono.ogg', 'music-chord-4s-mono.ogg', (file) => makeChord(file, { seconds: 4, gain: 0.5 }, '-ac', '1', '-c:a', 'libvorbis')],
  ['silent-film.mp4', 'music-silent-film-160x90-2s.mp4', makeSilentFilm],
  ['notes.mp3', 'music-notes.mp3', (file) => fs.writeFile(file, 'these are not the notes you are looking for\n'.repeat(200))],
  ['lying.m4a', 'music-lying-1800s-claims-120s-8k-mono.m4a', (file) => makeLyingM4a(file, { seconds: 1800, claimedSeconds: 120 })],
  ['high-rate.ogg', 'music-beeps-10s-384k-7.1.flac.ogg', (file) => makeBeepsFlacOgg(file, { seconds: 10, sampleRate: 384_000, layout: '7.1' })],
  ['plain-rate.ogg', 'music-beeps-10s-48k-stereo.flac.ogg', (file) => makeBeepsFlacOgg(file, { seconds: 10, sampleRate: 48_000, layout: 'stereo' })],
];

beforeAll(async () => {
  for (const [name, key, make] of recipes) fixtures.set(name, await cachedFixture(key, make));
}, 120_000);

let t: TestApp;
let maya: { cookie: string; userId: string };
/** Whether this suite's app runs its queued jobs: each test starts with them held, as on a server that has not run them yet. */
let running = false;
/** What media/uploads held when the test began: a test checks only what it left there itself. */
let uploadsBefore: string[] = [];

/** One app per suite, and per test a new user (Maya) whose queue is held until `settled` runs it. */
function appPerSuite(database: TestDatabase) {
  beforeAll(async () => {
    // A user per test: more sign-ups than the per-address limit allows in an hour.
    t = await createTestApp(database, { env: { PUBLIC_URL: 'http://reel.test', RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.services.queue.stop();
    running = false;
    maya = await signUp(t.app, { username: uniqueName('maya') });
    uploadsBefore = [];
    uploadsBefore = await storedUploads();
  });
}

const ticket = async (cookie = maya.cookie, url = '/api/music-tracks/upload') => {
  const response = await t.app.inject({ method: 'POST', url, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().uploadURL as string;
};
const put = (uploadURL: string, payload: Buffer, type = 'audio/mpeg', cookie = maya.cookie, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: new URL(uploadURL).pathname, headers: { cookie, 'content-type': type, ...extra }, payload });
const complete = (audioURL: string, body: Record<string, unknown> = { title: 'My Theme' }, cookie = maya.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/music-tracks/complete-upload', headers: { cookie }, payload: { audioURL, ...body } });
/** A ticket with `name` PUT to it. */
async function uploaded(name: string, type: string, cookie = maya.cookie) {
  const url = await ticket(cookie);
  expect((await put(url, await fs.readFile(fixture(name)), type, cookie)).statusCode).toBe(200);
  return url;
}
const listed = async (cookie = maya.cookie): Promise<MusicTrack[]> =>
  (await t.app.inject({ method: 'GET', url: '/api/music-tracks', headers: { cookie } })).json().tracks;
/** The files under media/uploads this test has left. */
async function storedUploads() {
  const entries = await fs.readdir(path.join(t.dataDir, 'media'), { recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.startsWith('uploads/') && !uploadsBefore.includes(entry));
}
const uploadRows = (userId = maya.userId) => t.db.selectFrom('uploads').select(['id', 'kind', 'status']).where('userId', '=', userId).execute();

function runJobs() {
  if (!running) t.services.queue.start(jobDefinitionsFor(t.services));
  running = true;
}

/** Runs the queued jobs from now on and waits until the track's job is done (no longer processing, its upload gone); answers it as listed. */
async function processed(id: string, user = maya): Promise<MusicTrack> {
  runJobs();
  return waitFor(`the track ${id} to be processed`, async () => {
    const track = (await listed(user.cookie)).find((row) => row.id === id);
    const inFlight = (await uploadRows(user.userId)).filter((row) => row.status === 'processing');
    return track && !track.processing && inFlight.length === 0 ? track : undefined;
  }, 120_000);
}

/** What became of a complete-upload, as its owner sees it: a refusal at once (the message of a 400), or the track once processed. */
async function settled(response: Awaited<ReturnType<typeof complete>>, user = maya): Promise<{ refused: string } | MusicTrack> {
  if (response.statusCode === 400) return { refused: response.json().message };
  expect(response.statusCode, response.body).toBe(201);
  return processed(response.json().id, user);
}

function asTrack(outcome: { refused: string } | MusicTrack): MusicTrack {
  if ('refused' in outcome) throw new Error(`refused: ${outcome.refused}`);
  return outcome;
}

/** Downloads the track as its owner hears it and measures it. */
async function listen(url: string, cookie = maya.cookie) {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('audio/mp4');
  const file = path.join(t.dataDir, `heard-${Date.now()}.m4a`);
  await fs.writeFile(file, response.rawPayload);
  return { probe: await probeAudio(t.services.ffmpeg, file), loudness: await measureLoudness(t.services.ffmpeg, file) };
}

function expectStoredAtTarget(heard: Awaited<ReturnType<typeof listen>>, name: string) {
  console.info(`${name} stored at ${heard.loudness.integratedLufs} LUFS, ${heard.loudness.truePeakDb} dBTP`);
  expect(heard.probe, name).toMatchObject({ codec: 'aac', sampleRate: 48_000, channels: 2 });
  expect(Math.abs(heard.loudness.integratedLufs + 14), name).toBeLessThanOrEqual(1);
  expect(heard.loudness.truePeakDb, name).toBeLessThanOrEqual(-0.5);
}

/** A track's life in the database: its ticket, its job, one at a time, deletion, sweeps and restarts, on every database. */
describe.each(testDatabases())('own music tracks on $name', (database) => {
  appPerSuite(database);

  it('answers at once with the track processing, then its job makes it the caller’s own AAC track at −14 LUFS, listed and streamed', async () => {
    const response = await complete(await uploaded('quiet.mp3', 'audio/mpeg'), { title: '  Night Drive ', artist: 'Maya' });
    expect(response.statusCode, response.body).toBe(201);
    const accepted = response.json();
    expect(accepted).toMatchObject({ userId: maya.userId, title: 'Night Drive', artist: 'Maya', genre: null, isCustom: 1, processing: true, url: `/api/music-tracks/${accepted.id}/audio` });
    // Listed as processing, not yet playable.
    expect(await listed()).toMatchObject([{ id: accepted.id, processing: true }]);
    expect((await t.app.inject({ method: 'GET', url: accepted.url, headers: { cookie: maya.cookie } })).statusCode).toBe(404);

    const track = await settled(response);
    expect(track).toEqual({ ...accepted, processing: undefined, duration: expect.closeTo(8, 1) });
    expectStoredAtTarget(await listen(accepted.url), 'quiet.mp3');

    const noah = await signUp(t.app, { username: uniqueName('noah') });
    expect(await listed(noah.cookie)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: accepted.url, headers: { cookie: noah.cookie } })).json()).toEqual({ message: 'Music track not found' });
    expect(await storedUploads()).toEqual([]);
    expect(await uploadRows()).toEqual([]);
  });

  it('refuses a text file named .mp3 and a video with no sound at once (400), keeping neither the file nor the ticket', async () => {
    for (const [name, type] of [['notes.mp3', 'audio/mpeg'], ['silent-film.mp4', 'audio/mp4']] as const) {
      const url = await uploaded(name, type);
      const response = await complete(url);
      expect({ status: response.statusCode, body: response.json() }, name).toEqual({
        status: 400,
        body: { message: 'Not a playable audio file: upload an .mp3, .wav, .m4a, .aac or .ogg track' },
      });
      expect((await complete(url)).json(), name).toEqual({ message: 'This upload link is invalid, used or expired' });
    }
    expect(await storedUploads()).toEqual([]);
    expect(await uploadRows()).toEqual([]);
    expect(await listed()).toEqual([]);
  });

  it('completes a ticket only for its owner, once, and only as the kind it was issued for', async () => {
    const noah = await signUp(t.app, { username: uniqueName('noah') });
    const url = await ticket();
    expect((await put(url, await fs.readFile(fixture('quiet.mp3')), 'audio/mpeg', noah.cookie)).statusCode).toBe(404);
    expect((await put(url, await fs.readFile(fixture('quiet.mp3')))).statusCode).toBe(200);

    const stolen = await complete(url, { title: 'Mine now' }, noah.cookie);
    expect({ status: stolen.statusCode, body: stolen.json() }).toEqual({ status: 404, body: { message: 'This upload link is invalid, used or expired' } });
    const asVideo = await t.app.inject({ method: 'POST', url: '/api/videos/complete-upload', headers: { cookie: maya.cookie }, payload: { videoURL: url, title: 'A video?' } });
    expect(asVideo.statusCode).toBe(400);
    expect(asVideo.json().message).toMatch(/^Valid video URL is required/);

    expect(await settled(await complete(url))).toMatchObject({ title: 'My Theme' });
    const reused = await complete(url);
    expect({ status: reused.statusCode, body: reused.json() }).toEqual({ status: 404, body: { message: 'This upload link is invalid, used or expired' } });

    // A video ticket does not make a track.
    const videoTicket = await ticket(maya.cookie, '/api/videos/upload');
    expect((await put(videoTicket, await fs.readFile(fixture('quiet.mp3')), 'video/mp4')).statusCode).toBe(200);
    expect((await complete(videoTicket)).json()).toEqual({ message: 'This upload link is invalid, used or expired' });
    // An address this server never gave out.
    expect((await complete('http://evil.test/api/videos/uploads/abcdefghijklmnopqrstuvwxyz')).json()).toEqual({
      message: 'Valid audio URL is required: use the upload address this server gave you.',
    });
  });

  it('has one track per user in flight: a second while the first is processing is a 429 and its ticket stays usable', async () => {
    const [first, second] = [await uploaded('quiet.mp3', 'audio/mpeg'), await uploaded('mono.ogg', 'audio/ogg')];
    // The queue is held: the first stays processing.
    const accepted = await complete(first);
    expect(accepted.json()).toMatchObject({ processing: true });
    const busy = await complete(second);
    expect({ status: busy.statusCode, body: busy.json() }).toEqual({ status: 429, body: { message: 'You are already adding a track — wait for it to finish.' } });
    // Another user is not held up by Maya's.
    const noah = await signUp(t.app, { username: uniqueName('noah') });
    expect(await settled(await complete(await uploaded('mono.ogg', 'audio/ogg', noah.cookie), { title: 'His' }, noah.cookie), noah)).toMatchObject({ title: 'His' });

    expect(await settled(accepted)).toMatchObject({ title: 'My Theme' });
    expect(await settled(await complete(second, { title: 'Second' }))).toMatchObject({ title: 'Second' });
    expect((await listed()).map((track) => track.title).sort()).toEqual(['My Theme', 'Second']);
  });

  it('deletes the owner’s track and its file; a library track or another user’s is not found', async () => {
    const created = asTrack(await settled(await complete(await uploaded('mono.ogg', 'audio/ogg'))));
    const key = musicTrackKey({ id: created.id, userId: maya.userId });
    expect(await t.services.storage.stat(key)).not.toBeNull();
    const libraryId = uniqueName('library');
    await t.db
      .insertInto('musicTracks')
      .values({ id: libraryId, userId: null, title: 'House', artist: 'PromptReel Library', url: '/x', duration: 3, genre: 'chill', isCustom: 0, createdAt: new Date().toISOString() })
      .execute();
    const noah = await signUp(t.app, { username: uniqueName('noah') });
    const remove = (id: string, cookie = maya.cookie) => t.app.inject({ method: 'DELETE', url: `/api/music-tracks/${id}`, headers: { cookie } });

    for (const [id, cookie] of [[created.id, noah.cookie], [libraryId, maya.cookie]] as const) {
      const refused = await remove(id, cookie);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 404, body: { message: 'Music track not found' } });
    }
    expect((await remove(created.id)).statusCode).toBe(204);
    expect(await t.services.storage.stat(key)).toBeNull();
    expect((await listed()).map((row) => row.id)).toEqual([libraryId]);
    expect((await remove(created.id)).statusCode).toBe(404);
    await t.db.deleteFrom('musicTracks').where('id', '=', libraryId).execute();
  });

  it('deletes a track still processing: its upload goes and the user may add another at once', async () => {
    const accepted = (await complete(await uploaded('quiet.mp3', 'audio/mpeg'))).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/music-tracks/${accepted.id}`, headers: { cookie: maya.cookie } })).statusCode).toBe(204);
    expect(await uploadRows()).toEqual([]);
    expect(await storedUploads()).toEqual([]);
    expect(await t.db.selectFrom('jobs').select('status').where('id', '=', `process-music-upload:${accepted.id}`).executeTakeFirst()).toEqual({ status: 'cancelled' });
    expect(await settled(await complete(await uploaded('mono.ogg', 'audio/ogg'), { title: 'Instead' }))).toMatchObject({ title: 'Instead' });
    expect((await listed()).map((track) => track.title)).toEqual(['Instead']);
  });

  it('keeps a processing track’s upload from the sweep, and leaves expired tickets to it, file and row', async () => {
    const processing = (await complete(await uploaded('quiet.mp3', 'audio/mpeg'))).json();
    const expired = await uploaded('mono.ogg', 'audio/ogg');
    const rows = () => t.db.selectFrom('uploads').select(['status', 'storageKey']).where('userId', '=', maya.userId).orderBy('status').execute();
    const [kept, swept] = await rows();
    expect([kept?.status, swept?.status]).toEqual(['processing', 'uploaded']);
    await sweepAbandonedUploads(t.db, t.services.storage, new Date(Date.now() + 2 * 60 * 60 * 1000));
    expect(await rows()).toEqual([kept]);
    expect(await t.services.storage.stat(kept!.storageKey)).not.toBeNull();
    expect(await t.services.storage.stat(swept!.storageKey)).toBeNull();
    expect((await complete(expired)).statusCode).toBe(404);
    expect(await processed(processing.id)).toMatchObject({ duration: expect.closeTo(8, 1) });
  });

  it('queues a processing track whose job was lost again at start-up', async () => {
    const accepted = (await complete(await uploaded('mono.ogg', 'audio/ogg'))).json();
    // The server stopped before its job ran, and the queue lost it. (Earlier tests leave nothing unfinished.)
    await t.db.deleteFrom('jobs').execute();
    expect(await requeueUnfinishedGenerations(t.db, t.services.queue, t.services.logger)).toBe(1);
    expect(await t.db.selectFrom('jobs').select(['id', 'name']).execute()).toEqual([{ id: `process-music-upload:${accepted.id}`, name: 'process-music-upload' }]);
    expect(await processed(accepted.id)).toMatchObject({ duration: expect.closeTo(4, 1) });
  });

  it('gives back, at start-up, only the claims of stopped processes on this machine', async () => {
    const exited = spawn('true');
    await once(exited, 'exit');
    const { host, pid } = thisProcess();
    // Who claimed each upload, and whether a restarted server may give it back.
    const holders = [
      { claimHost: host, claimPid: exited.pid!, released: true },
      // This process has claimed nothing yet at start-up: a claim in its pid is a previous life's.
      { claimHost: host, claimPid: pid, released: true },
      { claimHost: host, claimPid: process.ppid, released: false },
      { claimHost: 'another-machine', claimPid: exited.pid!, released: false },
      { claimHost: null, claimPid: null, released: false },
    ];
    for (const _ of holders) await uploaded('mono.ogg', 'audio/ogg');
    const ids = (await uploadRows()).map((row) => row.id);
    for (const [i, { claimHost, claimPid }] of holders.entries()) {
      await t.db.updateTable('uploads').set({ status: 'checking', claimHost, claimPid }).where('id', '=', ids[i]!).execute();
    }
    expect(await releaseStoppedClaims(t.db)).toBe(2);
    const statuses = new Map((await uploadRows()).map((row) => [row.id, row.status]));
    expect(ids.map((id) => statuses.get(id))).toEqual(holders.map((holder) => (holder.released ? 'uploaded' : 'checking')));
    await t.db.deleteFrom('uploads').where('id', 'in', ids).execute();
  });
});

/** What a file becomes and what it costs to find out: SQLite only (the services suite skips it). */
describe.skipIf(process.env.TEST_SERVICES_ONLY)('own music tracks', () => {
  appPerSuite(sqliteDatabase);

  /** Processor seconds this process's children (the probe and the job's ffmpeg runs) spent on one upload, and what became of it. */
  async function costOf(name: string, type: string) {
    const url = await uploaded(name, type);
    const before = childCpuSeconds();
    const outcome = await settled(await complete(url, { title: name }));
    return { cpu: childCpuSeconds() - before, outcome };
  }

  it('takes a loud wav and a mono ogg too, each brought to −14 LUFS', async () => {
    for (const [name, type] of [['loud.wav', 'audio/wav'], ['mono.ogg', 'audio/ogg']] as const) {
      // A browser may send the artist as null for none.
      const track = await settled(await complete(await uploaded(name, type), { title: name, artist: null }));
      expect(track, name).toMatchObject({ artist: null, title: name });
      expectStoredAtTarget(await listen(asTrack(track).url), name);
    }
  });

  it('refuses a file whose header lies about its length after reading no more than the cap, for a bounded cost', async () => {
    // Half an hour of 8 kHz mono whose header says two minutes, with a time base that makes its timestamps lie too.
    const { cpu, outcome } = await costOf('lying.m4a', 'audio/mp4');
    console.info(`the lying m4a cost ${cpu.toFixed(2)} processor seconds`);
    // Reading the ten-minute cap of it costs about 2 s here; reading it all, and encoding it, costs over ten times more.
    expect(cpu).toBeLessThan(8);
    expect(outcome).toMatchObject({ title: 'lying.m4a', errorMessage: 'Tracks must be between 1 second and 10 minutes long' });
    expect((await t.app.inject({ method: 'GET', url: asTrack(outcome).url, headers: { cookie: maya.cookie } })).statusCode).toBe(404);
    expect(await storedUploads()).toEqual([]);
  });

  it('costs little more for 384 kHz 7.1 than for the same music at 48 kHz stereo', async () => {
    const plain = await costOf('plain-rate.ogg', 'audio/ogg');
    const highRate = await costOf('high-rate.ogg', 'audio/ogg');
    console.info(`10 s at 48 kHz stereo cost ${plain.cpu.toFixed(2)} processor seconds, at 384 kHz 7.1 ${highRate.cpu.toFixed(2)}`);
    expect(highRate.cpu).toBeLessThan(2 * plain.cpu);
    for (const { outcome } of [plain, highRate]) expectStoredAtTarget(await listen(asTrack(outcome).url), asTrack(outcome).title);
  });

  it('refuses more than 20 MB with 413 and stores nothing, whatever Content-Length says', async () => {
    const url = await ticket();
    const tooBig = Buffer.alloc(20 * 1024 * 1024 + 1);
    const declared = await put(url, tooBig, 'audio/mpeg');
    expect({ status: declared.statusCode, body: declared.json() }).toEqual({ status: 413, body: { message: 'Maximum file size is 20MB' } });
    const lying = await put(url, tooBig, 'audio/mpeg', maya.cookie, { 'content-length': '1000' });
    expect({ status: lying.statusCode, body: lying.json() }).toEqual({ status: 413, body: { message: 'Maximum file size is 20MB' } });
    expect(await storedUploads()).toEqual([]);
    // The ticket is still unused; a video ticket still takes more.
    expect((await put(url, await fs.readFile(fixture('quiet.mp3')))).statusCode).toBe(200);
    const videoTicket = await ticket(maya.cookie, '/api/videos/upload');
    expect((await put(videoTicket, tooBig, 'video/mp4')).statusCode).toBe(200);
  });

  it('takes only audio types on a music ticket', async () => {
    const response = await put(await ticket(), Buffer.from('<html>'), 'text/html');
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 415, body: { message: 'Upload an .mp3, .wav, .m4a, .aac or .ogg file' } });
  });

  it('checks the title and artist', async () => {
    const url = await ticket();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '   ' }, 'Title is required'],
      [{ title: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
      [{ title: 'Fine', artist: 'y'.repeat(101) }, 'Artist must be at most 100 characters'],
      [{ title: 'Fine', artist: 42 }, 'Artist must be text'],
    ];
    for (const [body, message] of cases) {
      const response = await complete(url, body);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { message } });
    }
  });
});
