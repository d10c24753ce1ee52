import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CAPTION_STYLE } from '../../shared/captions/caption-track.ts';
import type { EditorState, VoiceClip } from '../../shared/editor/editor-state.ts';
import { insertMediaAsset } from '../media/media-assets-repository.ts';
import { encodeEditorDocument } from '../projects/editor-document/editor-document.ts';
import { runFfmpeg } from '../render/ffmpeg-runner.ts';
import { clipEdit } from '../test-support/clip-edit.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { makeTestClip } from '../test-support/test-clips.ts';
import { exportFinished } from '../test-support/export-wait.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { decodeMono, toneDb } from '../test-support/tone-levels.ts';
import { VOICE_UNAVAILABLE } from './edit-sources.ts';

// A wait on an export gives up only when it stops making progress (exportFinished); a test's own limit only bounds
// a hang, and on a busy machine an export that is progressing may take longer than vitest's 180 s (issue 42 H).
vi.setConfig({ testTimeout: 900_000 });

const voiceClip = (mediaId: string): VoiceClip => ({
  id: 'v', lane: 'voice', source: { mediaId }, start: 1, end: 2, sourceIn: 0, sourceOut: 1, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: false,
});

/** The export job with the voice lane and captions: it fetches the voice-overs as it fetches shots, and honours the captions setting. */
describe('exporting an edit with a voice-over and captions', () => {
  let t: TestApp;
  let clip: string;
  let voice: string;
  let users = 0;
  let owner: { cookie: string; userId: string };
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp(undefined, { runJobs: true, env: { RATE_LIMIT_SCALE: '100' } });
    clip = path.join(t.dataDir, 'clip.mp4');
    await makeTestClip(clip, { width: 180, height: 320, seconds: 3 });
    voice = path.join(t.dataDir, 'voice.m4a');
    await runFfmpeg(t.services.ffmpeg, ['-f', 'lavfi', '-i', 'sine=f=1000:r=48000:d=2', '-c:a', 'aac', '-ac', '2', voice]);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    users += 1;
    owner = await signUp(t.app, { username: `voiced${users}` });
    const project = await insertReadyProject(t.db, owner.userId, { title: 'Voiced', duration: 3, targetDuration: null });
    await t.services.storage.putFile(project.videoKey!, clip, 'video/mp4');
    projectId = project.id;
  });

  async function addVoice(id: string, status: 'ready' | 'generating' = 'ready', project = projectId): Promise<void> {
    const at = new Date().toISOString();
    const fileKey = `media/${id}.m4a`;
    await insertMediaAsset(t.db, {
      id, projectId: project, userId: owner.userId, kind: 'audio', origin: 'voice', status, errorMessage: null, fileKey, posterKey: null,
      duration: 2, width: null, height: null, fps: null, hasAudio: 1, prompt: null, continueFrom: null, charged: 0, createdAt: at, updatedAt: at,
    });
    await t.services.storage.putFile(fileKey, voice, 'audio/mp4');
  }

  async function exportEdit(editorState: EditorState, settings: object = {}) {
    await t.db.updateTable('videoProjects').set({ editorState: encodeEditorDocument(editorState) }).where('id', '=', projectId).execute();
    const started = await t.app.inject({
      method: 'POST', url: `/api/projects/${projectId}/export`, headers: { cookie: owner.cookie }, payload: { resolution: '720p', format: 'mp4', quality: 'low', ...settings },
    });
    expect(started.statusCode).toBe(200);
    const { jobId } = started.json();
    return { jobId: jobId as string, job: await exportFinished(t.app, jobId, owner.cookie) };
  }

  async function download(outputUrl: string, name: string): Promise<string> {
    const file = path.join(t.dataDir, name);
    await fs.writeFile(file, (await t.app.inject({ method: 'GET', url: outputUrl, headers: { cookie: owner.cookie } })).rawPayload);
    return file;
  }

  it('mixes the project’s voice-over where its clip is placed', async () => {
    await addVoice(`${projectId}-voice`);
    const { job } = await exportEdit({ ...clipEdit(projectId, 3), audioClips: [voiceClip(`${projectId}-voice`)] });
    expect(job).toMatchObject({ status: 'completed', errorMessage: null });
    const samples = await decodeMono(t.services.ffmpeg, await download(job.outputUrl, 'voiced.mp4'), 48_000);
    const inside = toneDb(samples, 48_000, 1000, 1.2, 0.6);
    expect(toneDb(samples, 48_000, 1000, 0.2, 0.7) - inside).toBeLessThan(-40);
    expect(toneDb(samples, 48_000, 1000, 2.2, 0.7) - inside).toBeLessThan(-40);
  });

  it('fails with a plain sentence when a voice-over is missing, not ready or another project’s', async () => {
    const other = await insertReadyProject(t.db, owner.userId, { title: 'Other' });
    await addVoice(`${projectId}-making`, 'generating');
    await addVoice(`${other.id}-voice`, 'ready', other.id);
    for (const mediaId of ['no-such-voice', `${projectId}-making`, `${other.id}-voice`]) {
      const { job } = await exportEdit({ ...clipEdit(projectId, 3), audioClips: [voiceClip(mediaId)] });
      expect(job).toEqual({ status: 'failed', progress: expect.any(Number), outputUrl: null, errorMessage: VOICE_UNAVAILABLE });
    }
    // Its row is there but its file is not.
    await addVoice(`${projectId}-lost`);
    await t.services.storage.delete([`media/${projectId}-lost.m4a`]);
    expect((await exportEdit({ ...clipEdit(projectId, 3), audioClips: [voiceClip(`${projectId}-lost`)] })).job.errorMessage).toBe(VOICE_UNAVAILABLE);
  });

  it('burns the captions in unless the export asks for none, and keeps the setting with the job', async () => {
    const captions = {
      lines: [{ id: 'l', words: [{ text: 'GOLD', start: 0, end: 1, emphasis: false }] }],
      style: { ...DEFAULT_CAPTION_STYLE, fontSize: 120, position: { x: 50, y: 50 } },
      voice: null,
    };
    /** The export's frame at 0.5 s as RGB, and the captions setting its job kept. */
    const frameOf = async (editorState: EditorState, settings: object, name: string) => {
      const { jobId, job } = await exportEdit(editorState, settings);
      expect(job).toMatchObject({ status: 'completed', errorMessage: null });
      const row = await t.db.selectFrom('exportJobs').select('settings').where('id', '=', jobId).executeTakeFirstOrThrow();
      const raw = path.join(t.dataDir, `${name}.rgb`);
      await runFfmpeg(t.services.ffmpeg, ['-ss', '0.5', '-i', await download(job.outputUrl, `${name}.mp4`), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', raw]);
      return { rgb: await fs.readFile(raw), captions: (JSON.parse(row.settings) as { captions: string }).captions };
    };
    const meanDifference = (a: Buffer, b: Buffer) => a.reduce((sum, value, index) => sum + Math.abs(value - b[index]!), 0) / a.length;
    // The clip's first second is enough to hold the word.
    const firstSecond = clipEdit(projectId, 3, { start: 0, end: 1 });
    const plain = await frameOf(firstSecond, {}, 'plain');
    // No setting (an old client) is burned in.
    const burned = await frameOf({ ...firstSecond, captions }, {}, 'burned');
    const none = await frameOf({ ...firstSecond, captions }, { captions: 'none' }, 'none');
    expect([burned.captions, none.captions]).toEqual(['burned', 'none']);
    // Over the whole frame: the one word covers a small part of it (measured 2.2 burned in).
    expect(meanDifference(none.rgb, plain.rgb)).toBeLessThan(0.5);
    expect(meanDifference(burned.rgb, plain.rgb)).toBeGreaterThan(1.5);
  });

  it('renders the sequence’s own sound for caption jobs (Services.sequenceSound): the voice where it is placed, 16 kHz mono, the output’s length', async () => {
    await addVoice(`${projectId}-voice`);
    const state: EditorState = { ...clipEdit(projectId, 3), audioClips: [voiceClip(`${projectId}-voice`)] };
    const project = await t.db.selectFrom('videoProjects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
    const wav = path.join(t.dataDir, `${projectId}-sound.wav`);
    await t.services.sequenceSound(project, state, wav, new AbortController().signal);
    const samples = await decodeMono(t.services.ffmpeg, wav, 16_000);
    expect(samples.length).toBe(3 * 16_000);
    const inside = toneDb(samples, 16_000, 1000, 1.2, 0.6);
    expect(toneDb(samples, 16_000, 1000, 0.2, 0.7) - inside).toBeLessThan(-40);
    expect(toneDb(samples, 16_000, 1000, 2.2, 0.7) - inside).toBeLessThan(-40);
  });
});
