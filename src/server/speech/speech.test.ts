import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEditorState, type EditorState } from '../../shared/editor/editor-state.ts';
import type { ProviderCatalog } from '../../shared/schemas/admin.ts';
import type { CaptionJobResponse } from '../../shared/schemas/speech.ts';
import { scriptWords, spokenForm, type TimedWord } from '../../shared/speech/timed-word.ts';
import { makeAdmin } from '../admin/make-admin.ts';
import { editorDocumentColumns } from '../projects/editor-document/editor-document.ts';
import { runEngineProcess } from '../providers/speech/engine-process.ts';
import { FestivalSynthesizer } from '../providers/speech/festival-synthesizer.ts';
import type { SpeechEngines } from '../providers/speech/speech-engines.ts';
import { SpeechError, type SpeechSynthesizer, type SynthesisResult } from '../providers/speech/speech.ts';
import { probeAudio } from '../render/probe-audio.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';
import { cutSpeech, overShotSound } from '../test-support/trimmed-speech.ts';
import { waitFor } from '../test-support/wait-for.ts';
import type { SequenceSoundRenderer } from './sequence-sound.ts';

interface MediaView {
  id: string;
  status: string;
  message?: string;
  duration: number;
  prompt?: string;
  videoUrl: string | null;
  words?: TimedWord[];
}

async function newUser(t: TestApp, subscription: 'free' | 'pro' = 'free') {
  const username = uniqueName('voice');
  const { cookie, userId } = await signUp(t.app, { username });
  if (subscription === 'pro') await t.db.updateTable('users').set({ subscription }).where('id', '=', userId).execute();
  const project = await insertReadyProject(t.db, userId);
  return { cookie, userId, projectId: project.id, username };
}

async function credits(t: TestApp, userId: string): Promise<number> {
  return (await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits;
}

async function settledMedia(t: TestApp, cookie: string, projectId: string, mediaId: string): Promise<MediaView> {
  return waitFor('the voice-over to settle', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/media`, headers: { cookie } });
    const media = response.json<{ media: MediaView[] }>().media.find((item) => item.id === mediaId);
    return media && media.status !== 'generating' ? media : undefined;
  });
}

async function settledCaptions(t: TestApp, cookie: string, jobId: string): Promise<CaptionJobResponse> {
  return waitFor('the caption job to settle', async () => {
    const body = (await t.app.inject({ method: 'GET', url: `/api/caption-jobs/${jobId}`, headers: { cookie } })).json<CaptionJobResponse>();
    return body.status === 'done' || body.status === 'error' ? body : undefined;
  });
}

function postVoiceover(t: TestApp, cookie: string, projectId: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/voiceovers`, headers: { cookie }, payload });
}

function postCaptions(t: TestApp, cookie: string, projectId: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/captions`, headers: { cookie }, payload });
}

const failingSynthesizer: SpeechSynthesizer = {
  engine: 'festival',
  voices: () => [{ id: 'festival:slt', name: 'Sarah (offline)', engine: 'festival', language: 'en-US' }],
  synthesize: () => Promise.reject(new SpeechError('The voice could not read this script.', 502)),
};

/** A voice whose engine process aborts, as Node's WASI once did under the npm voice. */
function crashingSynthesizer(engineDir: string): SpeechSynthesizer {
  return {
    engine: 'npm',
    voices: () => [{ id: 'npm:crash', name: 'Crash (built in)', engine: 'npm', language: 'en-US' }],
    async synthesize() {
      const entry = path.join(engineDir, 'aborting-engine.mjs');
      await fs.writeFile(entry, `process.once('message', () => process.abort());`);
      return runEngineProcess(pathToFileURL(entry), {}, { memoryBytes: 256 * 1024 * 1024 });
    },
  };
}

describe.each(testDatabases())('voice-over and transcription credits ($name)', (database) => {
  let t: TestApp;
  let engineDir: string;
  beforeAll(async () => {
    engineDir = await fs.mkdtemp(path.join(os.tmpdir(), 'speech-crash-'));
    const crashing = crashingSynthesizer(engineDir);
    const speech: SpeechEngines = { synthesizers: [failingSynthesizer, crashing], offlineVoice: failingSynthesizer, aligner: null, transcriber: { engine: 'pocketsphinx', draft: true, transcribe: () => Promise.resolve([]) }, report: [] };
    // A sequence whose sound cannot be rendered fails every transcription, which must refund.
    const failingSound: SequenceSoundRenderer = () => Promise.reject(new SpeechError('The sound of this video could not be read.', 502));
    t = await createTestApp(database, { runJobs: true, services: { speech, sequenceSound: failingSound } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(engineDir, { recursive: true, force: true });
  });

  it('charges a free user 2 credits for a voice-over and refunds them when it fails, with the engine’s plain message', async () => {
    const user = await newUser(t);
    const before = await credits(t, user.userId);
    const response = await postVoiceover(t, user.cookie, user.projectId, { script: 'Hello there.', voiceId: 'festival:slt' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ media: { status: 'generating', origin: 'voice', kind: 'audio', prompt: 'Hello there.' } });
    expect(await credits(t, user.userId)).toBe(before - 2);
    const media = await settledMedia(t, user.cookie, user.projectId, response.json().media.id);
    expect(media).toMatchObject({ status: 'error', message: 'The voice could not read this script. Your credits were refunded.' });
    expect(await credits(t, user.userId)).toBe(before);
    const ledger = await t.db.selectFrom('creditLedger').select(['reason', 'delta']).where('userId', '=', user.userId).where('reason', 'like', 'voiceover%').orderBy('createdAt').execute();
    expect(ledger).toEqual([
      { reason: 'voiceover', delta: -2 },
      { reason: 'voiceover-refund', delta: 2 },
    ]);
  });

  it('fails a voice-over whose engine process crashes with a plain message and refunds it, and the server carries on', async () => {
    const user = await newUser(t);
    const before = await credits(t, user.userId);
    const response = await postVoiceover(t, user.cookie, user.projectId, { script: 'hello '.repeat(150), voiceId: 'npm:crash' });
    expect(response.statusCode).toBe(201);
    const media = await settledMedia(t, user.cookie, user.projectId, response.json().media.id);
    expect(media).toMatchObject({ status: 'error', message: 'The voice-over could not be made — please try again. Your credits were refunded.' });
    expect(await credits(t, user.userId)).toBe(before);
  });

  it('charges pro users nothing', async () => {
    const user = await newUser(t, 'pro');
    const before = await credits(t, user.userId);
    expect((await postVoiceover(t, user.cookie, user.projectId, { script: 'Hello.', voiceId: 'festival:slt' })).statusCode).toBe(201);
    expect(await credits(t, user.userId)).toBe(before);
  });

  it('answers 402 with a plain message when a free user has too few credits, and records nothing', async () => {
    const user = await newUser(t);
    await t.db.updateTable('users').set({ credits: 1 }).where('id', '=', user.userId).execute();
    const response = await postVoiceover(t, user.cookie, user.projectId, { script: 'Hello.', voiceId: 'festival:slt' });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('Insufficient credits. A voice-over needs 2 credits and you have 1. Upgrade to Pro for unlimited voice-overs.');
    const transcription = await postCaptions(t, user.cookie, user.projectId, { source: 'transcribe' });
    expect(transcription.statusCode).toBe(402);
    expect(await credits(t, user.userId)).toBe(1);
  });

  it('charges a transcription 2 credits and refunds them when it fails', async () => {
    const user = await newUser(t);
    const before = await credits(t, user.userId);
    const response = await postCaptions(t, user.cookie, user.projectId, { source: 'transcribe' });
    expect(response.statusCode).toBe(202);
    expect(await credits(t, user.userId)).toBe(before - 2);
    const job = await settledCaptions(t, user.cookie, response.json().jobId);
    expect(job).toEqual({ status: 'error', message: 'The sound of this video could not be read. Your credits were refunded.' });
    expect(await credits(t, user.userId)).toBe(before);
  });
});

describe.skipIf(process.env.TEST_SERVICES_ONLY)('voices, voice-overs and captions with the Debian engines', () => {
  let t: TestApp;
  let dir: string;
  const spokenSentence = 'Morning light spills over the quiet harbour as fishing boats return.';
  let sentenceWav: string;
  let sentence: SynthesisResult;
  /** A project's own sequence sound, where a test gives it one; else the sentence. */
  const soundOfProject = new Map<string, string>();
  const sequenceSound: SequenceSoundRenderer = (project, _state, outputWav) => fs.copyFile(soundOfProject.get(project.id) ?? sentenceWav, outputWav);

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'speech-test-'));
    sentenceWav = path.join(dir, 'sentence.wav');
    sentence = await new FestivalSynthesizer().synthesize({ text: spokenSentence, voiceId: 'festival:slt', outputFile: sentenceWav });
    t = await createTestApp(undefined, { runJobs: true, services: { sequenceSound } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('lists the offline voices first, and serves a preview made once, with Range', async () => {
    const user = await newUser(t);
    const response = await t.app.inject({ method: 'GET', url: '/api/voices', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(200);
    const voices = response.json<{ voices: Array<{ id: string; engine: string; previewUrl: string }> }>().voices;
    expect(voices.map((voice) => voice.id)).toEqual(['festival:slt', 'flite:kal', 'flite:slt']);
    expect(voices[0]?.previewUrl).toBe('/api/voices/festival%3Aslt/preview');

    const [first, second] = await Promise.all(
      [0, 1].map(() => t.app.inject({ method: 'GET', url: voices[0]!.previewUrl, headers: { cookie: user.cookie } })),
    );
    expect(first?.statusCode).toBe(200);
    expect(first?.headers['content-type']).toBe('audio/mp4');
    expect(second?.rawPayload.equals(first!.rawPayload)).toBe(true);
    const file = path.join(dir, 'preview.m4a');
    await fs.writeFile(file, first!.rawPayload);
    const probe = await probeAudio(t.services.ffmpeg, file);
    expect(probe).toMatchObject({ codec: 'aac', sampleRate: 48_000, channels: 1 });
    expect(probe.durationSeconds).toBeGreaterThan(0.5);

    const ranged = await t.app.inject({ method: 'GET', url: voices[0]!.previewUrl, headers: { cookie: user.cookie, range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(10);

    const unknown = await t.app.inject({ method: 'GET', url: '/api/voices/festival%3Anobody/preview', headers: { cookie: user.cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Voice not found' });
    expect((await t.app.inject({ method: 'GET', url: '/api/voices' })).statusCode).toBe(401);
  });

  it('makes a voice-over with Festival: AAC audio as long as its words, and captions from it through a placed clip', async () => {
    const user = await newUser(t);
    const script = 'Welcome back, creators! Today we film the sunrise.';
    const response = await postVoiceover(t, user.cookie, user.projectId, { script: `  ${script} `, voiceId: 'festival:slt' });
    expect(response.statusCode).toBe(201);
    const mediaId = response.json<{ media: MediaView }>().media.id;
    const media = await settledMedia(t, user.cookie, user.projectId, mediaId);
    expect(media.status).toBe('ready');
    expect(media.prompt).toBe(script);
    expect(media.words?.map((word) => word.text)).toEqual(scriptWords(script));
    const lastEnd = media.words!.at(-1)!.end;

    const audio = await t.app.inject({ method: 'GET', url: media.videoUrl!, headers: { cookie: user.cookie } });
    expect(audio.statusCode).toBe(200);
    const file = path.join(dir, 'voiceover.m4a');
    await fs.writeFile(file, audio.rawPayload);
    const probe = await probeAudio(t.services.ffmpeg, file);
    expect(probe).toMatchObject({ codec: 'aac', sampleRate: 48_000, channels: 1 });
    expect(Math.abs(probe.durationSeconds - media.duration)).toBeLessThan(0.1);
    expect(lastEnd).toBeLessThanOrEqual(probe.durationSeconds + 0.1);
    expect(lastEnd).toBeGreaterThan(probe.durationSeconds - 1);

    // Not on the voice lane yet.
    const early = await postCaptions(t, user.cookie, user.projectId, { source: 'voice', mediaId });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: 'Put the voice-over on the timeline first' });

    // Placed 2 s into the output, using the audio from its second word on.
    const words = media.words!;
    const sourceIn = (words[0]!.end + words[1]!.start) / 2;
    const state: EditorState = {
      ...defaultEditorState(user.projectId, 8),
      audioClips: [
        { id: 'voice-1', lane: 'voice', source: { mediaId }, start: 2, end: 2 + media.duration, sourceIn, sourceOut: media.duration, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: false },
      ],
    };
    await t.db.updateTable('videoProjects').set(editorDocumentColumns(state)).where('id', '=', user.projectId).execute();
    const placed = await postCaptions(t, user.cookie, user.projectId, { source: 'voice', mediaId });
    expect(placed.statusCode).toBe(202);
    const job = await settledCaptions(t, user.cookie, placed.json().jobId);
    expect(job.status).toBe('done');
    // Every word where the clip plays it; the first, cut off by the clip's start, is there too (before 2 s), for the
    // editor to hide until the trim lets it be heard.
    expect(job.words).toEqual(
      words.map((word) => ({ text: word.text, start: expect.closeTo(2 + word.start - sourceIn, 3), end: expect.closeTo(2 + word.end - sourceIn, 3) })),
    );
    expect((job.words![0]!.start + job.words![0]!.end) / 2).toBeLessThan(2); // not heard: its middle is before the clip
  });

  it('times a script in the sequence’s sound with pocketsphinx, and transcribes it', async () => {
    const user = await newUser(t);
    const script = await postCaptions(t, user.cookie, user.projectId, { source: 'script', script: spokenSentence });
    expect(script.statusCode).toBe(202);
    const aligned = await settledCaptions(t, user.cookie, script.json().jobId);
    expect(aligned.status).toBe('done');
    expect(aligned.words?.map((word) => word.text)).toEqual(scriptWords(spokenSentence));
    for (const [index, word] of aligned.words!.entries()) {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      if (index > 0) expect(word.start).toBeGreaterThanOrEqual(aligned.words![index - 1]!.start);
    }

    const before = await credits(t, user.userId);
    const transcribe = await postCaptions(t, user.cookie, user.projectId, { source: 'transcribe' });
    expect(transcribe.statusCode).toBe(202);
    const heard = await settledCaptions(t, user.cookie, transcribe.json().jobId);
    expect(heard.status).toBe('done');
    const expected = new Set(scriptWords(spokenSentence).map(spokenForm));
    const recognised = heard.words!.filter((word) => expected.has(word.text)).length;
    expect(recognised).toBeGreaterThanOrEqual(expected.size / 2);
    expect(await credits(t, user.userId)).toBe(before - 2);
  });

  it('times the words still heard when the sequence trims the script’s first word and its shot sounds on after the voice (issue 42)', async () => {
    const user = await newUser(t);
    // The first shot trimmed by 0.65 s: "Morning" is gone and the start of "light" with it.
    const trim = 0.65;
    const trimmed = path.join(dir, 'trimmed.wav');
    const sound = path.join(dir, 'trimmed-over-shot.wav');
    await cutSpeech(t.services.ffmpeg, sentenceWav, trimmed, { from: trim });
    await overShotSound(t.services.ffmpeg, trimmed, sound, sentence.durationSeconds - trim, 3.5);
    soundOfProject.set(user.projectId, sound);

    const response = await postCaptions(t, user.cookie, user.projectId, { source: 'script', script: spokenSentence });
    expect(response.statusCode).toBe(202);
    const job = await settledCaptions(t, user.cookie, response.json().jobId);
    expect(job.status).toBe('done');
    const heard = sentence.words.slice(1).map((word) => ({ ...word, start: Math.max(0, word.start - trim), end: word.end - trim }));
    expect(job.words?.map((word) => word.text)).toEqual(heard.map((word) => word.text));
    job.words!.forEach((word, index) => expect(Math.abs(word.start - heard[index]!.start)).toBeLessThanOrEqual(0.25));
    expect(Math.abs(job.words!.at(-1)!.end - heard.at(-1)!.end)).toBeLessThanOrEqual(0.3);
  });

  it('answers 4xx with plain messages, and 404 for another user’s project and caption job', async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    const cases: Array<[object, number, string]> = [
      [{ script: '   ', voiceId: 'festival:slt' }, 400, 'Script is required'],
      [{ script: '— …', voiceId: 'festival:slt' }, 400, 'The script has no words to say'],
      [{ script: 'x'.repeat(3001), voiceId: 'festival:slt' }, 400, 'The script is too long: 3,001 characters, at most 3,000.'],
      [{ script: 'Hello.', voiceId: 'festival:nobody' }, 400, 'Unknown voice'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await postVoiceover(t, user.cookie, user.projectId, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toContain(message);
    }
    const elsewhere = await postVoiceover(t, other.cookie, user.projectId, { script: 'Hello.', voiceId: 'festival:slt' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: 'Project not found' });
    expect((await postCaptions(t, other.cookie, user.projectId, { source: 'transcribe' })).statusCode).toBe(404);

    const job = await postCaptions(t, user.cookie, user.projectId, { source: 'script', script: 'Hello there.' });
    const peek = await t.app.inject({ method: 'GET', url: `/api/caption-jobs/${job.json().jobId}`, headers: { cookie: other.cookie } });
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toEqual({ message: 'Caption job not found' });
    await settledCaptions(t, user.cookie, job.json().jobId);
  });

  it('shows the admin which engine does each speech role', async () => {
    const admin = await newUser(t);
    await makeAdmin(t.config, admin.username);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/providers', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json<ProviderCatalog>().speechEngines).toEqual([
      { role: 'voice', roleLabel: 'Voice', engine: 'Festival, flite', available: true, missing: [], detail: null },
      { role: 'alignment', roleLabel: 'Alignment (word timing)', engine: 'pocketsphinx', available: true, missing: [], detail: null },
      { role: 'transcription', roleLabel: 'Transcription', engine: 'pocketsphinx (draft)', available: true, missing: [], detail: null },
    ]);
  });
});

describe.skipIf(process.env.TEST_SERVICES_ONLY)('a server with no transcriber', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(undefined, { services: { speech: { synthesizers: [], offlineVoice: null, aligner: null, transcriber: null, report: [] } } });
  });
  afterAll(() => t.close());

  it('answers 503 naming what to install or configure, and charges nothing', async () => {
    const user = await newUser(t);
    const before = await credits(t, user.userId);
    const response = await postCaptions(t, user.cookie, user.projectId, { source: 'transcribe' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(
      'Transcription is not available on this server: the operator needs to install the Debian packages pocketsphinx and pocketsphinx-en-us, or configure a Google back-end or OPENAI_API_KEY.',
    );
    expect(await credits(t, user.userId)).toBe(before);
  });
});
