import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseStoppedClaims, sweepAbandonedUploads } from '../media/uploads-sweep.ts';
import { thisProcess } from '../process-liveness.ts';
import { measureLoudness } from '../render/measure-loudness.ts';
import { probeAudio } from '../render/probe-audio.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { musicTrackKey } from './music-keys.ts';

const run = promisify(execFile);
let fixtures: string;
const fixture = (name: string) => path.join(fixtures, name);

/** Runs ffmpeg (found on PATH, as the app finds it) to make a fixture. */
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
/** Two tones a fifth apart, `seconds` long, at `gain` (linear). */
const chord = (seconds: number, gain: number) => [
  '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
  '-f', 'lavfi', '-i', `sine=frequency=660:duration=${seconds}`,
  '-filter_complex', `amix=inputs=2,volume=${gain}`,
];

beforeAll(async () => {
  fixtures = await fs.mkdtemp(path.join(os.tmpdir(), 'music-fixtures-'));
  // Quiet (about −31 LUFS), loud (about −6 LUFS, peaks at full scale) and in between, in three containers.
  await ffmpeg(...chord(8, 0.1), '-c:a', 'libmp3lame', '-b:a', '128k', fixture('quiet.mp3'));
  await ffmpeg(...chord(5, 2), '-ar', '44100', '-c:a', 'pcm_s16le', fixture('loud.wav'));
  await ffmpeg(...chord(4, 0.5), '-ac', '1', '-c:a', 'libvorbis', fixture('mono.ogg'));
  await ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=2', '-an', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', fixture('silent-film.mp4'));
  await fs.writeFile(fixture('notes.mp3'), 'these are not the notes you are looking for\n'.repeat(200));
});
afterAll(() => fs.rm(fixtures, { recursive: true, force: true }));

describe.each(testDatabases())('own music tracks on $name', (database) => {
  let t: TestApp;
  let maya: { cookie: string; userId: string };
  let noah: { cookie: string; userId: string };

  beforeEach(async () => {
    t = await createTestApp(database, { env: { PUBLIC_URL: 'http://reel.test' } });
    maya = await signUp(t.app, { username: 'maya' });
    noah = await signUp(t.app, { username: 'noah' });
  });
  afterEach(() => t.close());

  const ticket = async (cookie = maya.cookie, url = '/api/music-tracks/upload') => {
    const response = await t.app.inject({ method: 'POST', url, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json().uploadURL as string;
  };
  const put = (uploadURL: string, payload: Buffer, type = 'audio/mpeg', cookie = maya.cookie, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: new URL(uploadURL).pathname, headers: { cookie, 'content-type': type, ...extra }, payload });
  const complete = (audioURL: string, body: Record<string, unknown> = { title: 'My Theme' }, cookie = maya.cookie) =>
    t.app.inject({ method: 'POST', url: '/api/music-tracks/complete-upload', headers: { cookie }, payload: { audioURL, ...body } });
  /** Ticket, PUT, complete: the answer to complete-upload. */
  async function upload(file: string, type: string, body?: Record<string, unknown>) {
    const url = await ticket();
    expect((await put(url, await fs.readFile(file), type)).statusCode).toBe(200);
    return complete(url, body);
  }
  const storedUploads = async () => fs.readdir(path.join(t.dataDir, 'media', 'uploads')).catch(() => []);
  const uploadRows = () => t.db.selectFrom('uploads').select(['id', 'kind', 'status']).execute();

  /** Downloads the track as its owner hears it and measures it. */
  async function listen(url: string, cookie = maya.cookie) {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mp4');
    const file = path.join(t.dataDir, `heard-${Date.now()}.m4a`);
    await fs.writeFile(file, response.rawPayload);
    return { probe: await probeAudio(t.services.ffmpeg, file), loudness: await measureLoudness(t.services.ffmpeg, file) };
  }

  it('turns an uploaded mp3 into the caller’s own AAC track at −14 LUFS, listed and streamed; the upload is gone', async () => {
    const response = await upload(fixture('quiet.mp3'), 'audio/mpeg', { title: '  Night Drive ', artist: 'Maya' });
    expect(response.statusCode, response.body).toBe(201);
    const track = response.json();
    expect(track).toMatchObject({ userId: maya.userId, title: 'Night Drive', artist: 'Maya', genre: null, isCustom: 1, url: `/api/music-tracks/${track.id}/audio` });
    expect(track.duration).toBeCloseTo(8, 0);

    const heard = await listen(track.url);
    console.info(`quiet.mp3 stored at ${heard.loudness.integratedLufs} LUFS, ${heard.loudness.truePeakDb} dBTP`);
    expect(heard.probe).toMatchObject({ codec: 'aac', sampleRate: 48_000, channels: 2 });
    expect(Math.abs(heard.loudness.integratedLufs + 14)).toBeLessThanOrEqual(1);
    expect(heard.loudness.truePeakDb).toBeLessThanOrEqual(-0.5);

    const listed = await t.app.inject({ method: 'GET', url: '/api/music-tracks', headers: { cookie: maya.cookie } });
    expect(listed.json().tracks.map((row: { id: string }) => row.id)).toEqual([track.id]);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/music-tracks', headers: { cookie: noah.cookie } });
    expect(theirs.json().tracks).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: track.url, headers: { cookie: noah.cookie } })).json()).toEqual({ message: 'Music track not found' });

    expect(await storedUploads()).toEqual([]);
    expect(await uploadRows()).toEqual([]);
  });

  it('takes a loud wav and a mono ogg too, each brought to −14 LUFS', async () => {
    for (const [name, type] of [['loud.wav', 'audio/wav'], ['mono.ogg', 'audio/ogg']] as const) {
      // A browser may send the artist as null for none.
      const response = await upload(fixture(name), type, { title: name, artist: null });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
      expect(response.json().artist).toBeNull();
      const heard = await listen(response.json().url);
      console.info(`${name} stored at ${heard.loudness.integratedLufs} LUFS, ${heard.loudness.truePeakDb} dBTP`);
      expect(heard.probe, name).toMatchObject({ codec: 'aac', sampleRate: 48_000, channels: 2 });
      expect(Math.abs(heard.loudness.integratedLufs + 14), name).toBeLessThanOrEqual(1);
      expect(heard.loudness.truePeakDb, name).toBeLessThanOrEqual(-0.5);
    }
  });

  it('refuses a text file named .mp3 and a video with no sound (400), keeping neither the file nor the ticket', async () => {
    for (const [name, type] of [['notes.mp3', 'audio/mpeg'], ['silent-film.mp4', 'audio/mp4']] as const) {
      const url = await ticket();
      expect((await put(url, await fs.readFile(fixture(name)), type)).statusCode).toBe(200);
      const response = await complete(url);
      expect({ status: response.statusCode, body: response.json() }, name).toEqual({
        status: 400,
        body: { message: 'Not a playable audio file: upload an .mp3, .wav, .m4a, .aac or .ogg track' },
      });
      expect((await complete(url)).json(), name).toEqual({ message: 'This upload link is invalid, used or expired' });
    }
    expect(await storedUploads()).toEqual([]);
    expect(await uploadRows()).toEqual([]);
    expect(await t.db.selectFrom('musicTracks').selectAll().execute()).toEqual([]);
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

  it('completes a ticket only for its owner, once, and only as the kind it was issued for', async () => {
    const url = await ticket();
    expect((await put(url, await fs.readFile(fixture('quiet.mp3')), 'audio/mpeg', noah.cookie)).statusCode).toBe(404);
    expect((await put(url, await fs.readFile(fixture('quiet.mp3')))).statusCode).toBe(200);

    const stolen = await complete(url, { title: 'Mine now' }, noah.cookie);
    expect({ status: stolen.statusCode, body: stolen.json() }).toEqual({ status: 404, body: { message: 'This upload link is invalid, used or expired' } });
    const asVideo = await t.app.inject({ method: 'POST', url: '/api/videos/complete-upload', headers: { cookie: maya.cookie }, payload: { videoURL: url, title: 'A video?' } });
    expect(asVideo.statusCode).toBe(400);
    expect(asVideo.json().message).toMatch(/^Valid video URL is required/);

    expect((await complete(url)).statusCode).toBe(201);
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

  it('normalises one track per user at a time: a second at once is a 429 and its ticket stays usable', async () => {
    const urls = [await ticket(), await ticket()];
    for (const url of urls) expect((await put(url, await fs.readFile(fixture('quiet.mp3')))).statusCode).toBe(200);
    const answers = await Promise.all(urls.map((url) => complete(url)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 429]);
    const busy = answers.find((answer) => answer.statusCode === 429)!;
    expect(busy.json()).toEqual({ message: 'You are already adding a track — wait for it to finish.' });
    expect((await complete(urls[answers.indexOf(busy)]!)).statusCode).toBe(201);
    // Another user is not held up by Maya's.
    const theirs = await ticket(noah.cookie);
    expect((await put(theirs, await fs.readFile(fixture('mono.ogg')), 'audio/ogg', noah.cookie)).statusCode).toBe(200);
    expect((await complete(theirs, { title: 'His' }, noah.cookie)).statusCode).toBe(201);
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

  it('deletes the owner’s track and its file; a library track or another user’s is not found', async () => {
    const created = (await upload(fixture('mono.ogg'), 'audio/ogg')).json();
    const key = musicTrackKey({ id: created.id, userId: maya.userId });
    expect(await t.services.storage.stat(key)).not.toBeNull();
    await t.db
      .insertInto('musicTracks')
      .values({ id: 'library-test-v1', userId: null, title: 'House', artist: 'PromptReel Library', url: '/x', duration: 3, genre: 'chill', isCustom: 0, createdAt: new Date().toISOString() })
      .execute();
    const remove = (id: string, cookie = maya.cookie) => t.app.inject({ method: 'DELETE', url: `/api/music-tracks/${id}`, headers: { cookie } });

    for (const [id, cookie] of [[created.id, noah.cookie], ['library-test-v1', maya.cookie]] as const) {
      const refused = await remove(id, cookie);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 404, body: { message: 'Music track not found' } });
    }
    expect((await remove(created.id)).statusCode).toBe(204);
    expect(await t.services.storage.stat(key)).toBeNull();
    expect((await t.db.selectFrom('musicTracks').select('id').execute()).map((row) => row.id)).toEqual(['library-test-v1']);
    expect((await remove(created.id)).statusCode).toBe(404);
  });

  it('leaves expired music tickets to the uploads sweep, file and row', async () => {
    const url = await ticket();
    expect((await put(url, await fs.readFile(fixture('quiet.mp3')))).statusCode).toBe(200);
    expect(await uploadRows()).toMatchObject([{ kind: 'music', status: 'uploaded' }]);
    expect(await sweepAbandonedUploads(t.db, t.services.storage, new Date(Date.now() + 2 * 60 * 60 * 1000))).toBe(1);
    expect(await uploadRows()).toEqual([]);
    expect(await storedUploads()).toEqual([]);
    expect((await complete(url)).statusCode).toBe(404);
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
    for (const _ of holders) expect((await put(await ticket(), await fs.readFile(fixture('mono.ogg')), 'audio/ogg')).statusCode).toBe(200);
    const ids = (await uploadRows()).map((row) => row.id);
    for (const [i, { claimHost, claimPid }] of holders.entries()) {
      await t.db.updateTable('uploads').set({ status: 'checking', claimHost, claimPid }).where('id', '=', ids[i]!).execute();
    }
    expect(await releaseStoppedClaims(t.db)).toBe(2);
    const statuses = new Map((await uploadRows()).map((row) => [row.id, row.status]));
    expect(ids.map((id) => statuses.get(id))).toEqual(holders.map((holder) => (holder.released ? 'uploaded' : 'checking')));
  });
});
