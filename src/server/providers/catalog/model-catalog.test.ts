import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_ROLES } from '../../../shared/schemas/admin.ts';
import { DEFAULT_MODELS } from '../../config.ts';
import { capturedLogger } from '../../test-support/captured-logger.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../test-support/fake-openai-server.ts';
import { type ContentFake, GOOGLE_BACKEND_KINDS, startContentFake } from '../../test-support/google-fake-backends.ts';
import type { GoogleBackend } from '../google/google-backend.ts';
import { ModelNotFoundError } from '../model-not-found.ts';
import { createModelCatalog } from './model-catalog.ts';

const OPENAI_KEY = 'sk-test-catalog-key-123456';
const silent = pino({ level: 'silent' });
const offlineConfig = { googleModels: DEFAULT_MODELS['gemini-api'], openai: { imageModel: 'gpt-image-1' }, providerCheckMs: 300_000 };

describe('the model catalog', () => {
  let openai: FakeOpenAiServer;
  beforeAll(async () => {
    openai = await startFakeOpenAiServer({ apiKey: OPENAI_KEY });
  });
  afterAll(() => openai.close());

  const withOpenAi = (apiKey = OPENAI_KEY, baseUrl = openai.baseUrl, imageModel = 'gpt-image-1') => ({
    ...offlineConfig,
    openai: { apiKey, baseUrl, imageModel },
  });
  const openAiRow = (catalog: { snapshot: () => { providers: Array<{ role: string }> } }) =>
    catalog.snapshot().providers.find((row) => row.role === 'image-openai');

  it('lists every role; without providers each is the offline engine and asks no one', async () => {
    const catalog = createModelCatalog(offlineConfig, silent);
    const checked = await catalog.checkNow();
    expect(checked.providers.map((row) => row.role)).toEqual([...PROVIDER_ROLES]);
    for (const row of checked.providers) {
      expect(row).toMatchObject({ model: 'offline', backend: 'Offline engine', state: 'offline', detail: null, checkedAt: expect.any(String) });
    }
    expect(checked.checkEverySeconds).toBe(300);
  });

  it('asks OpenAI whether its image model exists: answering, then not found once retired, with one log line naming the variable', async () => {
    const { logger, lines } = capturedLogger();
    const catalog = createModelCatalog(withOpenAi(OPENAI_KEY, openai.baseUrl, 'gpt-image-catalog'), logger);
    expect(openAiRow(catalog)).toMatchObject({ state: 'unchecked', checkedAt: null, backend: 'OpenAI', model: 'gpt-image-catalog' });

    await catalog.checkNow();
    expect(openAiRow(catalog)).toMatchObject({ state: 'answering', detail: null, checkedAt: expect.any(String) });
    expect(openai.modelChecks).toContain('gpt-image-catalog');

    openai.retireModel('gpt-image-catalog');
    await catalog.checkNow();
    await catalog.checkNow();
    expect(openAiRow(catalog)).toMatchObject({ state: 'not-found', detail: expect.stringContaining('does not exist') });
    const advice = lines.filter((line) => line.variable === 'OPENAI_IMAGE_MODEL');
    expect(advice).toHaveLength(1);
    expect(advice[0]?.msg).toMatch(/set OPENAI_IMAGE_MODEL to a model ID it serves/);
  });

  it('says unauthorised for a refused key (never echoing it) and unreachable for a provider that does not answer', async () => {
    const refused = createModelCatalog(withOpenAi('sk-wrong-key-abcdefgh'), silent);
    await refused.checkNow();
    expect(openAiRow(refused)).toMatchObject({ state: 'unauthorised' });
    expect(JSON.stringify(refused.snapshot())).not.toContain('sk-wrong-key-abcdefgh');

    const down = createModelCatalog(withOpenAi(OPENAI_KEY, 'http://127.0.0.1:9/v1'), silent);
    await down.checkNow();
    expect(openAiRow(down)).toMatchObject({ state: 'unreachable', detail: expect.stringMatching(/^No answer/) });
  });

  it('shares one check between concurrent callers', async () => {
    const catalog = createModelCatalog(withOpenAi(OPENAI_KEY, openai.baseUrl, 'gpt-image-shared'), silent);
    const [first, second] = await Promise.all([catalog.checkNow(), catalog.checkNow()]);
    expect(first).toBe(second);
    expect(openai.modelChecks.filter((model) => model === 'gpt-image-shared')).toHaveLength(1);
  });

  it('a job that meets an unknown model marks the role not found at once and logs the variable to change', () => {
    const { logger, lines } = capturedLogger();
    const catalog = createModelCatalog(withOpenAi(), silent);
    catalog.reportNotFound('image-openai', new ModelNotFoundError('gpt-image-1', 'The model `gpt-image-1` does not exist'), logger);
    expect(openAiRow(catalog)).toMatchObject({ state: 'not-found', checkedAt: expect.any(String) });
    expect(lines).toEqual([
      expect.objectContaining({ role: 'image-openai', variable: 'OPENAI_IMAGE_MODEL', model: 'gpt-image-1', msg: expect.stringMatching(/^OpenAI does not know/) }),
    ]);

    // A role the catalog has as offline (a test's adapter) is not marked, but the line is still logged.
    catalog.reportNotFound('video-generation', new ModelNotFoundError('veo-x', 'gone'), logger);
    expect(catalog.snapshot().providers.find((row) => row.role === 'video-generation')?.state).toBe('offline');
    expect(lines[1]).toMatchObject({ variable: 'VIDEO_MODEL', model: 'veo-x' });
  });
});

describe.each(GOOGLE_BACKEND_KINDS)('the model catalog on %s', (kind) => {
  let dir: string;
  let fake: ContentFake;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalog-'));
    fake = await startContentFake(kind, dir);
  });
  afterAll(async () => {
    await fake.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const config = (backend: GoogleBackend) => ({
    google: backend,
    googleModels: { ...DEFAULT_MODELS[kind], speech: 'speech-model-kept', transcription: 'speech-model-retired' },
    openai: { imageModel: 'gpt-image-1' },
    providerCheckMs: 300_000,
  });
  const label = kind === 'gemini-api' ? 'Gemini API' : 'Vertex AI';

  it('asks Google about every role: answering, or not found for a retired model (naming its variable)', async () => {
    fake.retireModel('speech-model-retired');
    const { logger, lines } = capturedLogger();
    const checked = await createModelCatalog(config(fake.backend), logger).checkNow();
    const byRole = Object.fromEntries(checked.providers.map((row) => [row.role, row]));
    expect(byRole.speech).toMatchObject({ state: 'answering', backend: label, model: 'speech-model-kept', variable: 'GEMINI_SPEECH_MODEL' });
    expect(byRole['video-generation']).toMatchObject({ state: 'answering', backend: label, model: DEFAULT_MODELS[kind].videoGeneration });
    expect(byRole.transcription).toMatchObject({ state: 'not-found', variable: 'GEMINI_TRANSCRIBE_MODEL', detail: expect.any(String) });
    expect(byRole['image-openai']).toMatchObject({ state: 'offline' });
    // The fake answers only requests carrying the back-end's credentials (Vertex AI: a bearer token from the refresh grant).
    expect(lines.map((line) => line.variable)).toEqual(['GEMINI_TRANSCRIBE_MODEL']);
  });

  it('says unauthorised when Google refuses the credentials, without showing them', async () => {
    const { backend, secrets } = await fake.unauthorised();
    const checked = await createModelCatalog(config(backend), pino({ level: 'silent' })).checkNow();
    const google = checked.providers.filter((row) => row.backend === label);
    expect(google).toHaveLength(6);
    expect(google.map((row) => row.state)).toEqual(google.map(() => 'unauthorised'));
    for (const secret of secrets) expect(JSON.stringify(checked)).not.toContain(secret);
  });
});
