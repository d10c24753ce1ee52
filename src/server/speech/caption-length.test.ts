import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptionJobResponse } from '../../shared/schemas/speech.ts';
import type { SpeechEngines } from '../providers/speech/speech-engines.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';
import { waitFor } from '../test-support/wait-for.ts';
import { insertCaptionJob } from './caption-jobs-repository.ts';
import { captionsJobId } from './make-captions-job.ts';
import type { SequenceSoundRenderer } from './sequence-sound.ts';

const TOO_LONG = 'The video is too long to caption: at most 10 minutes.';

// Rendering a long sequence's sound costs about a processor second per 14 s of output: an over-long one is refused
// from its length, before any sound is rendered (counted by the renderer the app is given).
describe('captions of a sequence over ten minutes', () => {
  let t: TestApp;
  let soundsRendered = 0;
  beforeAll(async () => {
    const countingSound: SequenceSoundRenderer = () => {
      soundsRendered += 1;
      return Promise.reject(new Error('no sound should be rendered here'));
    };
    const speech: SpeechEngines = {
      synthesizers: [],
      offlineVoice: null,
      aligner: { engine: 'pocketsphinx', align: () => Promise.resolve([]) },
      transcriber: { engine: 'pocketsphinx', draft: true, transcribe: () => Promise.resolve([]) },
      report: [],
    };
    t = await createTestApp(undefined, { runJobs: true, services: { speech, sequenceSound: countingSound } });
  });
  afterAll(() => t.close());

  async function longProject() {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('long') });
    // Its own 11-minute clip, unedited: the sequence plays all of it.
    const project = await insertReadyProject(t.db, userId, { duration: 660 });
    return { cookie, userId, projectId: project.id };
  }

  it('refuses a transcription or a script timing at once, charging nothing and rendering no sound', async () => {
    const { cookie, userId, projectId } = await longProject();
    const credits = async () => (await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits;
    const before = await credits();
    for (const payload of [{ source: 'transcribe' }, { source: 'script', script: 'Hello there.' }]) {
      const response = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/captions`, headers: { cookie }, payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: TOO_LONG });
    }
    expect(await credits()).toBe(before);
    expect(await t.db.selectFrom('captionJobs').select('id').where('projectId', '=', projectId).execute()).toEqual([]);
    expect(soundsRendered).toBe(0);
  });

  it('fails a queued job whose sequence has grown past ten minutes without rendering its sound', async () => {
    const { cookie, userId, projectId } = await longProject();
    const id = randomUUID();
    const at = new Date().toISOString();
    await insertCaptionJob(t.db, { id, userId, projectId, source: 'transcribe', script: null, status: 'queued', message: null, words: null, charged: 0, createdAt: at, updatedAt: at });
    await t.services.queue.enqueue('make-captions', { captionJobId: id }, captionsJobId(id));
    const settled = await waitFor('the caption job to settle', async () => {
      const body = (await t.app.inject({ method: 'GET', url: `/api/caption-jobs/${id}`, headers: { cookie } })).json<CaptionJobResponse>();
      return body.status === 'error' || body.status === 'done' ? body : undefined;
    });
    expect(settled).toEqual({ status: 'error', message: TOO_LONG });
    expect(soundsRendered).toBe(0);
  });
});
