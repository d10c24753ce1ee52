import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../test-support/fake-openai-server.ts';
import { AiModelError } from '../text-model/text-model.ts';
import { ModelNotFoundError } from '../model-not-found.ts';
import { createOpenAiImageModel } from './openai-image-model.ts';
import { pngSize } from './png-info.ts';

const API_KEY = 'sk-test-openai-5e7d21ab';
const standard = { prompt: 'A cat astronaut on the moon', width: 1024, height: 1024, quality: 'standard' as const };
const hd = { ...standard, width: 1024, height: 1792, quality: 'hd' as const };

describe('OpenAI image model (real SDK against a fake OpenAI server)', () => {
  let openai: FakeOpenAiServer;
  beforeAll(async () => {
    openai = await startFakeOpenAiServer({ apiKey: API_KEY });
  });
  afterAll(() => openai.close());

  const model = (name: string, apiKey = API_KEY) => createOpenAiImageModel({ apiKey, baseUrl: openai.baseUrl, model: name });

  async function failure(run: () => Promise<unknown>): Promise<AiModelError> {
    const error = await run().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AiModelError);
    return error as AiModelError;
  }

  it('asks dall-e-3 for its sizes and quality with base64 output', async () => {
    openai.setAnswer({ kind: 'success' });
    const image = await model('dall-e-3').generate(standard);
    expect(pngSize(image)).toEqual({ width: 1024, height: 1024 });
    expect(openai.lastRequest()?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(openai.lastRequest()?.body).toEqual({
      model: 'dall-e-3',
      prompt: 'A cat astronaut on the moon',
      n: 1,
      size: '1024x1024',
      quality: 'standard',
      response_format: 'b64_json',
    });

    const tall = await model('dall-e-3').generate(hd);
    expect(pngSize(tall)).toEqual({ width: 1024, height: 1792 });
    expect(openai.lastRequest()?.body).toMatchObject({ size: '1024x1792', quality: 'hd', response_format: 'b64_json' });
  });

  it('asks a gpt-image model for its own sizes and quality, without response_format', async () => {
    openai.setAnswer({ kind: 'success' });
    const tall = await model('gpt-image-1').generate(hd);
    expect(pngSize(tall)).toEqual({ width: 1024, height: 1536 });
    const body = openai.lastRequest()?.body;
    expect(body).toMatchObject({ model: 'gpt-image-1', size: '1024x1536', quality: 'high', n: 1 });
    expect(body).not.toHaveProperty('response_format');

    await model('gpt-image-1.5').generate(standard);
    expect(openai.lastRequest()?.body).toMatchObject({ size: '1024x1024', quality: 'medium' });
  });

  it('reports a content-policy rejection as 422 with the provider message', async () => {
    openai.setAnswer({ kind: 'content-policy' });
    const rejected = await failure(() => model('dall-e-3').generate(standard));
    expect(rejected.status).toBe(422);
    expect(rejected.message).toMatch(/^Your request was rejected as a result of our safety system/);

    openai.setAnswer({ kind: 'content-policy', code: 'moderation_blocked', message: 'Your request was rejected by the safety system.' });
    const blocked = await failure(() => model('gpt-image-1').generate(standard));
    expect(blocked.status).toBe(422);
    expect(blocked.message).toBe('Your request was rejected by the safety system.');
  });

  it('reports 429 as busy', async () => {
    openai.setAnswer({ kind: 'http-error', status: 429, message: 'Rate limit reached for images per minute.', type: 'requests', code: 'rate_limit_exceeded' });
    const busy = await failure(() => model('gpt-image-1').generate(standard));
    expect(busy.status).toBe(429);
    expect(busy.message).toBe('The AI service is busy. Please try again in a minute.');
    expect(openai.requests.length).toBeGreaterThan(0);
  });

  it('throws ModelNotFoundError for a model OpenAI does not have', async () => {
    openai.retireModel('gpt-image-retired');
    const error = await model('gpt-image-retired').generate(standard).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelNotFoundError);
    expect(error).toMatchObject({ model: 'gpt-image-retired', providerMessage: expect.stringContaining('does not exist') });
  });

  it('reports other failures as 502 without the key', async () => {
    openai.setAnswer({ kind: 'http-error', status: 500, message: 'The server had an error.', type: 'server_error', code: null });
    expect((await failure(() => model('dall-e-3').generate(standard))).status).toBe(502);

    openai.setAnswer({ kind: 'success', image: Buffer.from('not a png at all, just text') });
    expect((await failure(() => model('dall-e-3').generate(standard))).status).toBe(502);

    openai.setAnswer({ kind: 'success' });
    const wrongKey = 'sk-wrong-key-99999999';
    const rejected = await failure(() => model('dall-e-3', wrongKey).generate(standard));
    expect(rejected.status).toBe(502);
    expect(rejected.message).not.toContain(wrongKey);

    const unreachable = createOpenAiImageModel({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:9/v1', model: 'dall-e-3' });
    expect((await failure(() => unreachable.generate(standard))).status).toBe(502);
  });
});
