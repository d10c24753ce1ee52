import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EditorState, musicClips, newShot, newTextOverlay, outputDuration, voiceClips } from '../../shared/editor/editor-state.ts';
import { insertMediaAsset } from '../media/media-assets-repository.ts';
import { newMusicClip } from '../../shared/editor/music-placement.ts';
import { decodeEditorDocument, encodeEditorDocument } from '../projects/editor-document/editor-document.ts';
import { clipEdit } from '../test-support/clip-edit.ts';
import { musicTrackKey, musicTrackUrl } from '../music/music-keys.ts';
import { TARGET_LUFS } from '../render/export/music-mix.ts';
import { runFfmpeg } from '../render/ffmpeg-runner.ts';
import { measureLoudness } from '../render/measure-loudness.ts';
import { isFaststart, probeMedia } from '../render/probe-media.ts';
import { type TestDatabase, sqliteDatabase, testDatabases } from '../test-support/database-targets.ts';
import { EDITOR_DOCUMENT_VERSIONS, editorDocumentFixture } from '../test-support/editor-document-fixtures.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { makeTestClip } from '../test-support/test-clips.ts';
import { jobDefinitionsFor } from '../services.ts';
import { exportFinished } from '../test-support/export-wait.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';

// A wait on an export gives up only when it stops making progress (exportFinished); a test's own limit only bounds
// a hang, and on a busy machine an export that is progressing may take longer than vitest's 180 s (issue 42 H).
vi.setConfig({ testTimeout: 900_000 });

/**
 * One app per suite, and per test a new owner with a ready project (made as a finished upload leaves it:
 * uploading is uploads.test.ts's subject). Its video is a tiny 4 s 9:16 clip, as long as the saved-edit
 * fixtures need (they trim up to 3.5 s); its saved edit is the clip's first second, so that a test that
 * exports without saving its own edit renders one second, not four.
 */
function exportSuite(database: TestDatabase) {
  const c = {} as { t: TestApp; owner: { cookie: string; userId: string }; projectId: string };
  let clip: string;
  let users = 0;
  beforeAll(async () => {
    // A user per test: more sign-ups than the per-address limit allows in an hour.
    c.t = await createTestApp(database, { runJobs: true, env: { PUBLIC_URL: 'http://reel.test', RATE_LIMIT_SCALE: '100' } });
    clip = path.join(c.t.dataDir, 'clip.mp4');
    await makeTestClip(clip, { width: 180, height: 320, seconds: 4 });
  });
  afterAll(() => c.t?.close());
  beforeEach(async () => {
    users += 1;
    c.owner = await signUp(c.t.app, { username: `exporter${users}` });
    const id = randomUUID();
    const editorState = encodeEditorDocument(clipEdit(id, 4, { start: 0, end: 1 }));
    const project = await insertReadyProject(c.t.db, c.owner.userId, { id, title: 'Beach Day!', duration: 4, targetDuration: null, editorState });
    await c.t.services.storage.putFile(project.videoKey!, clip, 'video/mp4');
    c.projectId = project.id;
  });

  /** A music track (a 6 s tone as AAC in m4a) stored where the library or a user's upload keeps it. */
  async function addTrack(id: string, userId: string | null): Promise<void> {
    const audio = path.join(c.t.dataDir, `${id}.m4a`);
    await runFfmpeg(c.t.services.ffmpeg, ['-f', 'lavfi', '-i', 'sine=f=500:r=48000:d=6', '-c:a', 'aac', '-ac', '2', audio]);
    await c.t.services.storage.putFile(musicTrackKey({ id, userId }), audio, 'audio/mp4');
    await c.t.db
      .insertInto('musicTracks')
      .values({ id, userId, title: id, artist: null, url: musicTrackUrl(id), duration: 6, genre: 'chill', isCustom: userId ? 1 : 0, createdAt: new Date().toISOString() })
      // The fixtures of versions 4 and 5 both use the same library track.
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  /** A voice-over of the project (a 3 s tone as AAC in m4a), stored as a recorded one is. */
  async function addVoice(id: string): Promise<void> {
    if (await c.t.db.selectFrom('mediaAssets').select('id').where('id', '=', id).executeTakeFirst()) return; // versions 5 and 6 place the same one
    const audio = path.join(c.t.dataDir, `${id}.m4a`);
    await runFfmpeg(c.t.services.ffmpeg, ['-y', '-f', 'lavfi', '-i', 'sine=f=700:r=48000:d=3', '-c:a', 'aac', '-ac', '2', audio]);
    const at = new Date().toISOString();
    await insertMediaAsset(c.t.db, {
      id, projectId: c.projectId, userId: c.owner.userId, kind: 'audio', origin: 'voice', status: 'ready', errorMessage: null, fileKey: `media/${id}.m4a`,
      posterKey: null, duration: 3, width: null, height: null, fps: null, hasAudio: 1, prompt: null, continueFrom: null, charged: 0, createdAt: at, updatedAt: at,
    });
    await c.t.services.storage.putFile(`media/${id}.m4a`, audio, 'audio/mp4');
  }

  const start = (settings: object, cookie = c.owner.cookie) =>
    c.t.app.inject({ method: 'POST', url: `/api/projects/${c.projectId}/export`, headers: { cookie }, payload: settings });
  const poll = (jobId: string, cookie = c.owner.cookie) =>
    c.t.app.inject({ method: 'GET', url: `/api/export-jobs/${jobId}`, headers: { cookie } });
  /** The export's last state: waited for while it makes progress, however busy the machine (issue 42 H). */
  const finished = (jobId: string) => exportFinished(c.t.app, jobId, c.owner.cookie);
  return { c, addTrack, addVoice, start, poll, finished };
}

/** Who may see and export a project is authorization: it runs on every database. */
describe.each(testDatabases())('export API on $name', (database) => {
  const { c, start, poll, finished } = exportSuite(database);

  it('shows projects and exports only to their owner', async () => {
    const other = await signUp(c.t.app, { username: 'nosy' });
    expect((await start({ resolution: '720p', format: 'mp4', quality: 'medium' }, other.cookie)).statusCode).toBe(404);
    const { jobId } = (await start({ resolution: '720p', format: 'mp4', quality: 'medium' })).json();
    expect((await poll(jobId, other.cookie)).statusCode).toBe(404);
    expect((await poll(jobId, other.cookie)).json()).toEqual({ message: 'Export not found' });
    const cancel = (cookie: string) => c.t.app.inject({ method: 'POST', url: `/api/export-jobs/${jobId}/cancel`, headers: { cookie } });
    expect((await cancel(other.cookie)).statusCode).toBe(404);
    await finished(jobId);
    expect((await c.t.app.inject({ method: 'GET', url: `/api/export-jobs/${jobId}/download`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    // A finished export is the owner's to download, no longer to cancel.
    expect((await cancel(c.owner.cookie)).statusCode).toBe(409);
    expect((await cancel(c.owner.cookie)).json()).toEqual({ message: 'This export has already finished.' });
  });
});

/** The render itself reads no SQL of its own: SQLite only (the services suite skips it). */
describe.skipIf(process.env.TEST_SERVICES_ONLY)('export API', () => {
  const { c, addTrack, addVoice, start, finished } = exportSuite(sqliteDatabase);

  it('renders the saved edit: trimmed, at the chosen size, downloadable with a file name', async () => {
    const editorState = { ...clipEdit(c.projectId, 4, { start: 0.5, end: 1.5 }), textOverlays: [newTextOverlay('a', 8)], visualEffect: 'sepia' as const };
    expect((await c.t.app.inject({ method: 'PATCH', url: `/api/projects/${c.projectId}`, headers: { cookie: c.owner.cookie }, payload: { editorState } })).statusCode).toBe(200);

    const started = await start({ resolution: '1080p', format: 'mp4', quality: 'high' });
    expect(started.statusCode).toBe(200);
    const { jobId } = started.json();
    const progress: number[] = [];
    const job = await exportFinished(c.t.app, jobId, c.owner.cookie, { intervalMs: 50, onPoll: (polled) => progress.push(polled.progress) });
    expect(job).toEqual({ status: 'completed', progress: 100, outputUrl: `/api/export-jobs/${jobId}/download`, errorMessage: null });
    // Completing is the job's own last step: a heartbeat landing before the job returns must not cancel it.
    expect(await jobDefinitionsFor(c.t.services)['export-video'].stillWanted!({ exportJobId: jobId })).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b)); // never goes backwards

    const download = await c.t.app.inject({ method: 'GET', url: job.outputUrl, headers: { cookie: c.owner.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="beach-day-1080p.mp4"');
    const file = path.join(c.t.dataDir, 'export.mp4');
    await fs.writeFile(file, download.rawPayload);
    const probe = await probeMedia(c.t.services.ffmpeg, file);
    expect(probe).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264', pixelFormat: 'yuv420p', audioCodec: 'aac' });
    expect(probe.durationSeconds).toBeGreaterThan(0.95);
    expect(probe.durationSeconds).toBeLessThan(1.1);
    expect(await isFaststart(file)).toBe(true);

    // Its time, from Export to the file, is what later exports of this size are estimated from (recorded just
    // after the job is marked completed).
    const timings = () => c.t.db.selectFrom('jobTimings').selectAll().where('kind', '=', 'export').where('size', '=', '1080p').execute();
    await waitUntil(async () => (await timings()).some((timing) => Math.abs(timing.outputSeconds - 1) < 1e-9 && timing.seconds > 0));
  });

  it('renders the edit as it was when Export was pressed, not one saved while the export waited', async () => {
    const save = (visualEffect: 'sepia' | 'grayscale') =>
      c.t.app.inject({ method: 'PATCH', url: `/api/projects/${c.projectId}`, headers: { cookie: c.owner.cookie }, payload: { editorState: { ...clipEdit(c.projectId, 4, { start: 0, end: 1 }), visualEffect } } });
    expect((await save('sepia')).statusCode).toBe(200);
    await c.t.services.queue.stop(); // the export waits in the queue while the creator goes on editing
    const { jobId } = (await start({ resolution: '720p', format: 'mp4', quality: 'low' })).json();
    expect((await save('grayscale')).statusCode).toBe(200);
    c.t.services.queue.start(jobDefinitionsFor(c.t.services));
    const job = await finished(jobId);
    expect(job.status).toBe('completed');

    const file = path.join(c.t.dataDir, 'snapshot.mp4');
    await fs.writeFile(file, (await c.t.app.inject({ method: 'GET', url: job.outputUrl, headers: { cookie: c.owner.cookie } })).rawPayload);
    const frame = path.join(c.t.dataDir, 'snapshot.rgb');
    await runFfmpeg(c.t.services.ffmpeg, ['-i', file, '-frames:v', '1', '-vf', 'scale=36:64', '-f', 'rawvideo', '-pix_fmt', 'rgb24', frame]);
    const rgb = await fs.readFile(frame);
    let spread = 0;
    for (let i = 0; i < rgb.length; i += 3) spread += Math.abs(rgb[i]! - rgb[i + 2]!);
    // Sepia tints (red above blue); grayscale would leave R = B.
    expect(spread / (rgb.length / 3)).toBeGreaterThan(10);
  });

  it('keeps 4K for pro users (403 for free), and answers 400 for unknown settings', async () => {
    const refused = await start({ resolution: '4K', format: 'mp4', quality: 'high' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Upgrade to Pro for 4K export' });
    expect((await start({ resolution: '8K', format: 'mp4', quality: 'high' })).json()).toEqual({ message: 'Resolution must be 720p, 1080p or 4K' });
    expect((await start({ resolution: '720p', format: 'gif', quality: 'high' })).statusCode).toBe(400);
    const unknownPlatform = await start({ resolution: '720p', format: 'mp4', quality: 'high', platform: 'myspace' });
    expect(unknownPlatform.statusCode).toBe(400);
    expect(unknownPlatform.json()).toEqual({
      message: 'Platform must be tiktok, instagram-reels, youtube-shorts, snapchat-spotlight or facebook-reels',
    });

    await c.t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', c.owner.userId).execute();
    const { jobId } = (await start({ resolution: '720p', format: 'mov', quality: 'low' })).json();
    expect((await finished(jobId)).status).toBe('completed');
  });

  it.each(EDITOR_DOCUMENT_VERSIONS)('exports an edit saved as a version %i document', async (version) => {
    const json = editorDocumentFixture(version, c.projectId);
    const decoded = decodeEditorDocument(JSON.parse(json), { projectId: c.projectId });
    if (!decoded.ok) throw new Error(decoded.reason);
    const music = musicClips(decoded.state)[0];
    if (music) await addTrack(music.source.trackId, null);
    for (const voice of voiceClips(decoded.state)) await addVoice(voice.source.mediaId);
    await c.t.db.updateTable('videoProjects').set({ editorState: json }).where('id', '=', c.projectId).execute();
    const job = await finished((await start({ resolution: '720p', format: 'mp4', quality: 'low' })).json().jobId);
    expect(job).toMatchObject({ status: 'completed', errorMessage: null });
    const download = await c.t.app.inject({ method: 'GET', url: job.outputUrl, headers: { cookie: c.owner.cookie } });
    const file = path.join(c.t.dataDir, `version-${version}.mp4`);
    await fs.writeFile(file, download.rawPayload);
    expect((await probeMedia(c.t.services.ffmpeg, file)).durationSeconds).toBeCloseTo(outputDuration(decoded.state), 1);
    // An edit with music is mixed and normalised (decision 018).
    if (music) expect(Math.abs((await measureLoudness(c.t.services.ffmpeg, file)).integratedLufs - TARGET_LUFS)).toBeLessThanOrEqual(1);
  });

  it('fails with a plain sentence when the edit’s music is gone or another user’s, and mixes the user’s own', async () => {
    const other = await signUp(c.t.app, { username: 'otherone' });
    await addTrack('theirs', other.userId);
    await addTrack('mine', c.owner.userId);
    const exportWithTrack = async (trackId: string) => {
      const editorState = { ...clipEdit(c.projectId, 4, { start: 0, end: 1 }), audioClips: [newMusicClip('music-1', { id: trackId, duration: 6 }, 1, true)] };
      const saved = await c.t.app.inject({ method: 'PATCH', url: `/api/projects/${c.projectId}`, headers: { cookie: c.owner.cookie }, payload: { editorState } });
      expect(saved.statusCode).toBe(200);
      return finished((await start({ resolution: '720p', format: 'mp4', quality: 'low' })).json().jobId);
    };
    const unavailable = { status: 'failed', outputUrl: null, errorMessage: 'The music in this edit is no longer available — choose another track in the editor.' };
    expect(await exportWithTrack('theirs')).toMatchObject(unavailable);
    expect(await exportWithTrack('deleted-track')).toMatchObject(unavailable);
    expect(await exportWithTrack('mine')).toMatchObject({ status: 'completed', errorMessage: null });
    // The row is there but its file is not.
    await c.t.services.storage.delete([musicTrackKey({ id: 'mine', userId: c.owner.userId })]);
    expect(await exportWithTrack('mine')).toMatchObject(unavailable);
  });

  it('refuses to export a sequence longer than 10 minutes, saved before outputs had a limit, with a plain 400', async () => {
    // 151 shots of the 4 s clip would be refused at save (40 shots at most); an old edit of the project's own clip
    // stretched to 601 s (its row said 601 s long) is what reaches the export.
    const shots = Array.from({ length: 40 }, (_, index) => ({ ...newShot(`shot-${index}`, c.projectId, 4), out: 15.025 }));
    await c.t.db.updateTable('videoProjects').set({ editorState: encodeEditorDocument({ ...clipEdit(c.projectId, 4), shots }) }).where('id', '=', c.projectId).execute();
    const refused = await start({ resolution: '720p', format: 'mp4', quality: 'low' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'A video can be at most 10 minutes long; this sequence runs 10:01. Trim or remove shots.' });
    const rows = await c.t.db.selectFrom('exportJobs').select('id').where('projectId', '=', c.projectId).execute();
    expect(rows).toEqual([]);
  });

  it('refuses to export an edit it cannot read, saying so plainly', async () => {
    const unreadable = JSON.stringify({ ...JSON.parse(editorDocumentFixture(1)), version: 99 });
    await c.t.db.updateTable('videoProjects').set({ editorState: unreadable }).where('id', '=', c.projectId).execute();
    const job = await finished((await start({ resolution: '720p', format: 'mp4', quality: 'low' })).json().jobId);
    expect(job).toMatchObject({ status: 'failed', errorMessage: expect.stringMatching(/saved edit can't be opened/) });
  });

  it('fails with ffmpeg’s reason, not a stack trace, when the source cannot be rendered', async () => {
    const row = await c.t.db.selectFrom('videoProjects').select('videoKey').where('id', '=', c.projectId).executeTakeFirstOrThrow();
    await fs.writeFile(path.join(c.t.dataDir, 'media', row.videoKey!), 'not a video any more');
    const { jobId } = (await start({ resolution: '720p', format: 'mp4', quality: 'medium' })).json();
    const job = await finished(jobId);
    expect(job.status).toBe('failed');
    expect(job.outputUrl).toBeNull();
    expect(job.errorMessage).toBeTruthy();
    expect(job.errorMessage).not.toMatch(/\n\s+at /);
  });
  it('exports a sequence of the project’s media: its length is the shots’ less the transitions’ overlaps, and a shot must cut a video of this project', async () => {
    // A second video of the project, 2 s, wider and at another rate, as a finished shot leaves it.
    const second = path.join(c.t.dataDir, 'second.mp4');
    await makeTestClip(second, { width: 320, height: 180, seconds: 2, rate: 30 });
    const at = new Date().toISOString();
    await insertMediaAsset(c.t.db, {
      id: `${c.projectId}-shot`, projectId: c.projectId, userId: c.owner.userId, kind: 'video', origin: 'generated', status: 'ready',
      errorMessage: null, fileKey: `media/${c.projectId}-shot.mp4`, posterKey: null, duration: 2, width: 320, height: 180, fps: 30,
      hasAudio: 1, prompt: 'a second shot', continueFrom: null, charged: 0, createdAt: at, updatedAt: at,
    });
    await c.t.services.storage.putFile(`media/${c.projectId}-shot.mp4`, second, 'video/mp4');
    const save = (shots: EditorState['shots']) =>
      c.t.app.inject({ method: 'PATCH', url: `/api/projects/${c.projectId}`, headers: { cookie: c.owner.cookie }, payload: { editorState: { ...clipEdit(c.projectId, 4), shots } } });
    const first = { ...newShot('a', c.projectId, 4), in: 1, out: 2 };
    const crossfade = { ...newShot('b', `${c.projectId}-shot`, 2), out: 1, transition: { kind: 'crossfade' as const, duration: 0.5 } };
    const back = { ...newShot('c', c.projectId, 4), out: 0.5 };

    expect((await save([first, { ...crossfade, mediaId: 'somebody-elses' }])).json()).toEqual({ message: "Shot 2's clip is not a video of this project" });
    expect((await save([first, { ...crossfade, out: 2.5 }])).json()).toEqual({ message: 'Shot 2 must end within its clip (2 s)' });
    expect((await save([first, crossfade, back])).statusCode).toBe(200);

    const job = await finished((await start({ resolution: '720p', format: 'mp4', quality: 'low' })).json().jobId);
    expect(job).toMatchObject({ status: 'completed', errorMessage: null });
    const file = path.join(c.t.dataDir, 'sequence.mp4');
    await fs.writeFile(file, (await c.t.app.inject({ method: 'GET', url: job.outputUrl, headers: { cookie: c.owner.cookie } })).rawPayload);
    const probe = await probeMedia(c.t.services.ffmpeg, file);
    // 1 + 1 + 0.5 s less the crossfade's 0.5 s, in the first shot's 9:16 frame.
    expect(probe).toMatchObject({ width: 720, height: 1280, audioCodec: 'aac' });
    expect(probe.durationSeconds).toBeCloseTo(2, 1);
  });

  it('exports the largest state the editor accepts: every overlay with its most lines and characters', async () => {
    // 50 overlays of 10 lines of 49 characters (499 with the line breaks): 500 drawn lines.
    const text = Array.from({ length: 10 }, (_, line) => `${line}`.padEnd(49, 'WAVY Text ')).join('\n');
    const textOverlays = Array.from({ length: 50 }, (_, i) => ({ ...newTextOverlay(`o${i}`, 8), text, fontSize: 12, position: { x: 50, y: (i % 10) * 10 + 5 } }));
    // Half a second: the overlays are still, so every frame costs the same.
    const editorState = { ...clipEdit(c.projectId, 4, { start: 0, end: 0.5 }), textOverlays };
    const saved = await c.t.app.inject({ method: 'PATCH', url: `/api/projects/${c.projectId}`, headers: { cookie: c.owner.cookie }, payload: { editorState } });
    expect(saved.statusCode).toBe(200);

    const { jobId } = (await start({ resolution: '720p', format: 'mp4', quality: 'low' })).json();
    const job = await finished(jobId);
    expect(job).toMatchObject({ status: 'completed', errorMessage: null });
    const download = await c.t.app.inject({ method: 'GET', url: job.outputUrl, headers: { cookie: c.owner.cookie } });
    const file = path.join(c.t.dataDir, 'largest.mp4');
    await fs.writeFile(file, download.rawPayload);
    const probe = await probeMedia(c.t.services.ffmpeg, file);
    expect(probe).toMatchObject({ width: 720, height: 1280, videoCodec: 'h264', audioCodec: 'aac' });
    expect(probe.durationSeconds).toBeGreaterThan(0.4);
    expect(probe.durationSeconds).toBeLessThan(0.6);
  });
});
