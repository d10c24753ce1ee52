import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEditorState, type EditorState } from '../../shared/editor/editor-state.ts';
import { type CaptionJobResponse, NO_CAPTION_WORDS_MESSAGE } from '../../shared/schemas/speech.ts';
import type { TimedWord } from '../../shared/speech/timed-word.ts';
import { requeueUnfinishedGenerations } from '../generation/generation-sweep.ts';
import type { Queue } from '../jobs/index.ts';
import { editorDocumentColumns } from '../projects/editor-document/editor-document.ts';
import type { SpeechEngines } from '../providers/speech/speech-engines.ts';
import { ledgerMismatches } from '../test-support/crash-checks.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { toneBurstsPcm, wavFile } from '../test-support/speech-audio.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';
import { waitFor } from '../test-support/wait-for.ts';
import { NO_VOICE_WORDS_MESSAGE } from './make-captions-job.ts';
import type { SequenceSoundRenderer } from './sequence-sound.ts';
import { createSpeechService } from './speech-service.ts';

/** What the steered engines say: the voice's words in its 2 s of audio, and what the transcriber and aligner hear. */
const VOICE_WORDS: TimedWord[] = [
  { text: 'Hello', start: 0.1, end: 0.5 },
  { text: 'there.', start: 0.6, end: 0.9 },
];
const HEARD: TimedWord[] = [{ text: 'hello', start: 0.2, end: 0.6 }];

/**
 * Engines a test steers (the engines themselves are tested in speech.test.ts): while `holding`, a voice-over or a
 * transcription runs until its job's signal is aborted, counting its starts and aborts; otherwise the voice writes
 * 2 s of real audio, and the transcriber and aligner answer `heard`.
 */
function steeredEngines() {
  const state = { holding: false, heard: HEARD, started: { voice: 0, transcription: 0 }, aborted: 0 };
  const untilAborted = (signal: AbortSignal | undefined) =>
    new Promise<never>((_resolve, reject) => {
      signal?.addEventListener('abort', () => {
        state.aborted += 1;
        reject(signal.reason as Error);
      }, { once: true });
    });
  const engines: SpeechEngines = {
    synthesizers: [
      {
        engine: 'festival',
        voices: () => [{ id: 'festival:slt', name: 'Sarah (offline)', engine: 'festival', language: 'en-US' }],
        async synthesize({ outputFile, signal }) {
          if (state.holding) {
            state.started.voice += 1;
            return untilAborted(signal);
          }
          await fs.writeFile(outputFile, wavFile(toneBurstsPcm(2)));
          return { words: VOICE_WORDS, durationSeconds: 2 };
        },
      },
    ],
    offlineVoice: null,
    aligner: { engine: 'pocketsphinx', align: () => Promise.resolve(state.heard) },
    transcriber: {
      engine: 'pocketsphinx',
      draft: true,
      transcribe({ signal }) {
        if (!state.holding) return Promise.resolve(state.heard);
        state.started.transcription += 1;
        return untilAborted(signal);
      },
    },
    report: [],
  };
  return { engines, state };
}

const sequenceSound: SequenceSoundRenderer = (_project, _state, outputWav) => fs.writeFile(outputWav, wavFile(toneBurstsPcm(1, 16_000), 16_000));

/** The voice-over and caption jobs' life beyond a plain run: a project deleted under them, a restart, no words found. */
describe.each(testDatabases())('voice-over and caption jobs on $name', (database) => {
  let t: TestApp;
  const { engines, state } = steeredEngines();
  beforeAll(async () => {
    t = await createTestApp(database, { runJobs: true, services: { speech: engines, sequenceSound } });
  });
  afterAll(() => t.close());

  async function newUser() {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('speaker') });
    const project = await insertReadyProject(t.db, userId);
    return { cookie, userId, projectId: project.id };
  }
  const credits = async (userId: string) => (await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits;
  const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const jobRow = (id: string) => t.db.selectFrom('jobs').select(['name', 'status']).where('id', '=', id).executeTakeFirst();
  const captionJob = async (cookie: string, jobId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/caption-jobs/${jobId}`, headers: { cookie } })).json<CaptionJobResponse>();
  const settledCaptions = (cookie: string, jobId: string) =>
    waitFor('the caption job to settle', async () => {
      const job = await captionJob(cookie, jobId);
      return job.status === 'done' || job.status === 'error' ? job : undefined;
    });
  const voiceStatus = async (mediaId: string) => (await t.db.selectFrom('mediaAssets').select('status').where('id', '=', mediaId).executeTakeFirst())?.status;

  it('deleting a project cancels its voice-over and caption jobs, running or queued, and gives a free user’s credits back', async () => {
    const user = await newUser();
    const before = await credits(user.userId);
    state.holding = true;
    state.started = { voice: 0, transcription: 0 };
    state.aborted = 0;
    try {
      const voiceover = await post(user.cookie, `/api/projects/${user.projectId}/voiceovers`, { script: 'Hello there.', voiceId: 'festival:slt' });
      expect(voiceover.statusCode).toBe(201);
      const mediaId = voiceover.json<{ media: { id: string } }>().media.id;
      const running = await post(user.cookie, `/api/projects/${user.projectId}/captions`, { source: 'transcribe' });
      const queued = await post(user.cookie, `/api/projects/${user.projectId}/captions`, { source: 'transcribe' });
      expect([running.statusCode, queued.statusCode]).toEqual([202, 202]);
      const captionJobIds = [running.json<{ jobId: string }>().jobId, queued.json<{ jobId: string }>().jobId];
      expect(await credits(user.userId)).toBe(before - 6);
      // One caption job runs at a time (JOB_CONCURRENCY): the second waits behind the first.
      await waitFor('the voice-over and the first transcription to run', async () => (state.started.voice === 1 && state.started.transcription === 1 ? true : undefined));
      expect(await jobRow(`make-captions:${captionJobIds[1]}`)).toEqual({ name: 'make-captions', status: 'queued' });

      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/projects/${user.projectId}`, headers: { cookie: user.cookie } });
      expect(deleted.statusCode).toBe(200);

      expect(await credits(user.userId)).toBe(before);
      const ledger = await t.db.selectFrom('creditLedger').select(['reason', 'delta']).where('userId', '=', user.userId).where('reason', '!=', 'signup-grant').orderBy('reason').orderBy('delta').execute();
      expect(ledger).toEqual([
        { reason: 'transcription', delta: -2 },
        { reason: 'transcription', delta: -2 },
        { reason: 'transcription-refund', delta: 2 },
        { reason: 'transcription-refund', delta: 2 },
        { reason: 'voiceover', delta: -2 },
        { reason: 'voiceover-refund', delta: 2 },
      ]);
      // The running ones were aborted (their engines' signals), and every job ends cancelled: none runs after.
      await waitFor('both running engines to be aborted', async () => (state.aborted === 2 ? true : undefined));
      expect(await jobRow(`generate-voiceover:${mediaId}`)).toEqual({ name: 'generate-voiceover', status: 'cancelled' });
      for (const id of captionJobIds) expect(await jobRow(`make-captions:${id}`)).toEqual({ name: 'make-captions', status: 'cancelled' });
      expect(state.started).toEqual({ voice: 1, transcription: 1 });
      // Nothing placed or stored: no voice asset, no caption job, no file of the project.
      expect(await voiceStatus(mediaId)).toBeUndefined();
      expect(await t.db.selectFrom('captionJobs').select('id').where('projectId', '=', user.projectId).execute()).toEqual([]);
      const files = await fs.readdir(path.join(t.dataDir, 'media', 'projects', user.projectId), { recursive: true }).catch(() => []);
      expect(files).toEqual([]);
      const gone = await t.app.inject({ method: 'GET', url: `/api/caption-jobs/${captionJobIds[0]}`, headers: { cookie: user.cookie } });
      expect(gone.statusCode).toBe(404);
    } finally {
      state.holding = false;
    }
  });

  it('the start-up sweep queues again a voice-over and captions whose jobs were lost, as their own kinds, and they finish', async () => {
    const user = await newUser();
    const before = await credits(user.userId);
    // The process dies right after the transactions that charged them: their jobs never reach the queue.
    const crashed: Queue = { ...t.services.queue, enqueue: async () => {} };
    const lost = createSpeechService({ db: t.db, queue: crashed, logger: t.services.logger, speech: engines, maxActiveJobsPerUser: t.config.maxActiveJobsPerUser });
    const owner = await t.db.selectFrom('users').selectAll().where('id', '=', user.userId).executeTakeFirstOrThrow();
    const { media } = await lost.createVoiceover(owner, user.projectId, { script: 'Hello there.', voiceId: 'festival:slt' });
    const queued = await lost.createCaptions(owner, user.projectId, { source: 'transcribe' });
    const running = await lost.createCaptions(owner, user.projectId, { source: 'script', script: 'Hello.' });
    // One was running when the process died.
    await t.db.updateTable('captionJobs').set({ status: 'running' }).where('id', '=', running.jobId).execute();
    expect(await jobRow(`generate-voiceover:${media.id}`)).toBeUndefined();

    expect(await requeueUnfinishedGenerations(t.db, t.services.queue, t.services.logger)).toBeGreaterThanOrEqual(3);
    expect(await t.db.selectFrom('jobs').select('id').where('id', '=', `generate-shot:${media.id}`).execute()).toEqual([]);
    await waitFor('the voice-over to be made', async () => ((await voiceStatus(media.id)) === 'ready' ? true : undefined));
    expect(await settledCaptions(user.cookie, queued.jobId)).toEqual({ status: 'done', words: HEARD });
    expect(await settledCaptions(user.cookie, running.jobId)).toEqual({ status: 'done', words: HEARD });
    expect(await jobRow(`generate-voiceover:${media.id}`)).toEqual({ name: 'generate-voiceover', status: 'completed' });
    expect(await jobRow(`make-captions:${queued.jobId}`)).toEqual({ name: 'make-captions', status: 'completed' });
    expect(await credits(user.userId)).toBe(before - 4);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('fails captions that find no words with a plain message, refunding a transcription, and never hands back an empty track', async () => {
    const user = await newUser();
    const before = await credits(user.userId);
    state.heard = [];
    try {
      const transcription = await post(user.cookie, `/api/projects/${user.projectId}/captions`, { source: 'transcribe' });
      expect(await settledCaptions(user.cookie, transcription.json<{ jobId: string }>().jobId)).toEqual({
        status: 'error',
        message: `${NO_CAPTION_WORDS_MESSAGE} Your credits were refunded.`,
      });
      const script = await post(user.cookie, `/api/projects/${user.projectId}/captions`, { source: 'script', script: 'Hello there.' });
      expect(await settledCaptions(user.cookie, script.json<{ jobId: string }>().jobId)).toEqual({ status: 'error', message: 'No words were found in the sound.' });
    } finally {
      state.heard = HEARD;
    }
    expect(await credits(user.userId)).toBe(before);
    const ledger = await t.db.selectFrom('creditLedger').select(['reason', 'delta']).where('userId', '=', user.userId).where('reason', 'like', 'transcription%').orderBy('reason').execute();
    expect(ledger).toEqual([
      { reason: 'transcription', delta: -2 },
      { reason: 'transcription-refund', delta: 2 },
    ]);
  });

  it('fails captions from a voice-over whose words are not heard where it is placed', async () => {
    const user = await newUser();
    const voiceover = await post(user.cookie, `/api/projects/${user.projectId}/voiceovers`, { script: 'Hello there.', voiceId: 'festival:slt' });
    const mediaId = voiceover.json<{ media: { id: string } }>().media.id;
    await waitFor('the voice-over to be made', async () => ((await voiceStatus(mediaId)) === 'ready' ? true : undefined));
    // Only the silence after its last word plays.
    const placed = (sourceIn: number): EditorState => ({
      ...defaultEditorState(user.projectId, 8),
      audioClips: [
        { id: 'voice-1', lane: 'voice', source: { mediaId }, start: 1, end: 1 + 1.9 - sourceIn, sourceIn, sourceOut: 1.9, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: false },
      ],
    });
    await t.db.updateTable('videoProjects').set(editorDocumentColumns(placed(1.2))).where('id', '=', user.projectId).execute();
    const silent = await post(user.cookie, `/api/projects/${user.projectId}/captions`, { source: 'voice', mediaId });
    expect(silent.statusCode).toBe(202);
    expect(await captionJob(user.cookie, silent.json<{ jobId: string }>().jobId)).toEqual({ status: 'error', message: NO_VOICE_WORDS_MESSAGE });

    await t.db.updateTable('videoProjects').set(editorDocumentColumns(placed(0))).where('id', '=', user.projectId).execute();
    const spoken = await post(user.cookie, `/api/projects/${user.projectId}/captions`, { source: 'voice', mediaId });
    expect(await captionJob(user.cookie, spoken.json<{ jobId: string }>().jobId)).toEqual({
      status: 'done',
      words: VOICE_WORDS.map((word) => ({ ...word, start: word.start + 1, end: word.end + 1 })),
    });
  });
});
