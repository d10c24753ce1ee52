import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_SPOKEN_WORDS } from '../../shared/speech/script-length.ts';
import type { SpeechEngines } from '../providers/speech/speech-engines.ts';
import type { SpeechSynthesizer } from '../providers/speech/speech.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';

// Every call any engine gets: a script refused at the door must reach none of them.
const engineCalls: string[] = [];
const recordingVoice: SpeechSynthesizer = {
  engine: 'festival',
  voices: () => [{ id: 'festival:slt', name: 'Sarah (offline)', engine: 'festival', language: 'en-US' }],
  synthesize: (request) => {
    engineCalls.push(`voice: ${request.text}`);
    return new Promise(() => {});
  },
};
const speech: SpeechEngines = {
  synthesizers: [recordingVoice],
  offlineVoice: recordingVoice,
  aligner: {
    engine: 'pocketsphinx',
    align: (request) => {
      engineCalls.push(`aligner: ${request.text}`);
      return new Promise(() => {});
    },
  },
  transcriber: null,
  report: [],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(undefined, { services: { speech } });
});
afterAll(() => t.close());

async function newUser() {
  const { cookie, userId } = await signUp(t.app, { username: uniqueName('script') });
  const project = await insertReadyProject(t.db, userId);
  return { cookie, userId, projectId: project.id };
}

async function credits(userId: string): Promise<number> {
  return (await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits;
}

// The attack run's scripts, each under 3,000 characters: numbers a voice reads as far more words than prose.
const digitsScript = '7'.repeat(2999);
const billionsScript = `${'$1,000,000,000 '.repeat(199)}and 1999`;

it('refuses a script whose words read aloud pass the limit with a plain 400, before any engine runs or a credit is taken', async () => {
  const user = await newUser();
  const before = await credits(user.userId);
  for (const [script, words] of [
    [digitsScript, 2999],
    [billionsScript, 601],
  ] as const) {
    expect(script.length).toBeLessThanOrEqual(3000);
    const voiceover = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${user.projectId}/voiceovers`,
      headers: { cookie: user.cookie },
      payload: { script, voiceId: 'festival:slt' },
    });
    expect(voiceover.statusCode).toBe(400);
    expect(voiceover.json()).toEqual({
      message: `The script is too long to speak: ${words} words read aloud (numbers count as their words), at most ${MAX_SPOKEN_WORDS}.`,
    });
    const captions = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${user.projectId}/captions`,
      headers: { cookie: user.cookie },
      payload: { source: 'script', script },
    });
    expect(captions.statusCode).toBe(400);
    expect(captions.json().message).toContain('too long to speak');
  }
  expect(await credits(user.userId)).toBe(before);
  expect(engineCalls).toEqual([]);
});

it('says how long a script over the character limit is, instead of cutting it', async () => {
  const user = await newUser();
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${user.projectId}/voiceovers`,
    headers: { cookie: user.cookie },
    payload: { script: 'word '.repeat(700), voiceId: 'festival:slt' },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ message: 'The script is too long: 3,499 characters, at most 3,000.' });
  expect(engineCalls).toEqual([]);
});
