import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../test-support/fake-gemini-server.ts';
import type { GoogleBackend } from '../google/google-backend.ts';
import { type ContentFake, GOOGLE_BACKEND_KINDS, startContentFake } from '../../test-support/google-fake-backends.ts';
import { ModelNotFoundError } from '../model-not-found.ts';
import { AiModelError } from '../text-model/text-model.ts';
import { createGeminiImageModel, geminiAspectRatio } from './gemini-image-model.ts';
import { pngSize } from './png-info.ts';

const MODEL = 'gemini-3.1-flash-image';
const square = { prompt: 'A lighthouse in a storm', width: 1024, height: 1024, quality: 'standard' as const };

describe.each(GOOGLE_BACKEND_KINDS)('Gemini image model on %s (real SDK against a fake server)', (kind) => {
  let dir: string;
  let gemini: ContentFake;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gemini-image-'));
    gemini = await startContentFake(kind, dir);
  });
  afterAll(async () => {
    await gemini.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const model = (backend: GoogleBackend = gemini.backend, modelId = MODEL) => createGeminiImageModel({ backend, model: modelId });

  async function failure(run: () => Promise<unknown>): Promise<AiModelError> {
    const error = await run().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AiModelError);
    return error as AiModelError;
  }

  it('returns the first inline image part and asks for TEXT+IMAGE at 1:1', async () => {
    const png = solidPng(64, 64, [10, 200, 30]);
    gemini.setAnswer({ kind: 'image', image: png, text: 'Here is your lighthouse.' });
    const image = await model().generate(square);
    expect(image.equals(png)).toBe(true);

    const request = gemini.lastRequest();
    expect(request?.model).toBe(MODEL);
    gemini.expectAuthenticated();
    expect(request?.contents).toEqual([{ role: 'user', parts: [{ text: 'A lighthouse in a storm' }] }]);
    expect(request?.generationConfig).toMatchObject({ responseModalities: ['TEXT', 'IMAGE'], imageConfig: { aspectRatio: '1:1' } });
  });

  it('asks for 9:16 for the tall HD size and returns the bytes at the size Gemini made', async () => {
    gemini.setAnswer({ kind: 'image' });
    const image = await model().generate({ ...square, width: 1024, height: 1792, quality: 'hd' });
    expect(gemini.lastRequest()?.generationConfig).toMatchObject({ imageConfig: { aspectRatio: '9:16' } });
    expect(pngSize(image)).toEqual({ width: 768, height: 1344 });
  });

  it.each([
    [{ kind: 'finish', finishReason: 'IMAGE_SAFETY' } as const, /safety filters/],
    [{ kind: 'finish', finishReason: 'NO_IMAGE' } as const, /could not make an image/],
    [{ kind: 'prompt-blocked', blockReason: 'PROHIBITED_CONTENT' } as const, /safety filters/],
    [{ kind: 'text', text: "I can't draw that." } as const, /did not return an image/],
  ])('reports a refusal (%o) as 422', async (answer, message) => {
    gemini.setAnswer(answer);
    const error = await failure(() => model().generate(square));
    expect(error.status).toBe(422);
    expect(error.message).toMatch(message);
  });

  it('reports 429 as busy and other failures as 502 without the secret', async () => {
    gemini.setAnswer({ kind: 'http-error', code: 429, message: 'Resource has been exhausted.', status: 'RESOURCE_EXHAUSTED' });
    const busy = await failure(() => model().generate(square));
    expect(busy.status).toBe(429);
    expect(busy.message).toBe('The AI service is busy. Please try again in a minute.');

    gemini.setAnswer({ kind: 'finish', finishReason: 'MAX_TOKENS' });
    expect((await failure(() => model().generate(square))).status).toBe(502);

    gemini.setAnswer({ kind: 'image' });
    const { backend, secrets } = await gemini.unauthorised();
    const rejected = await failure(() => model(backend).generate(square));
    expect(rejected.status).toBe(502);
    for (const secret of secrets) expect(rejected.message).not.toContain(secret);
  });

  it('a model the provider retires is a ModelNotFoundError naming it from the next call on, not a user-facing error', async () => {
    const retiring = 'gemini-2.5-flash-image';
    gemini.setAnswer({ kind: 'image' });
    await model(gemini.backend, retiring).generate(square);
    gemini.retireModel(retiring);

    const error = await model(gemini.backend, retiring).generate(square).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ModelNotFoundError);
    expect(error).toMatchObject({ model: retiring, providerMessage: expect.stringContaining(retiring) });
  });

});

describe('geminiAspectRatio', () => {
  it('maps sizes to the nearest supported aspect ratio', () => {
    expect(geminiAspectRatio(1024, 1024)).toBe('1:1');
    expect(geminiAspectRatio(1024, 1792)).toBe('9:16');
    expect(geminiAspectRatio(1792, 1024)).toBe('16:9');
    expect(geminiAspectRatio(1024, 1536)).toBe('2:3');
  });
});
