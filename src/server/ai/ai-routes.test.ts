import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultEditorState } from '../../shared/editor/editor-state.ts';
import { suggestionsResponseSchema } from '../../shared/schemas/ai.ts';
import { adjustCredits } from '../credits/credit-ledger.ts';
import { pngSize } from '../providers/image-model/png-info.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { startFakeOpenAiServer } from '../test-support/fake-openai-server.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';

const context = {
  title: 'Paper boats in the rain',
  prompt: 'Kids racing paper boats down a rainy street gutter, slow motion, warm streetlights',
  aspectRatio: '9:16',
  duration: 16,
  textOverlays: [],
  visualEffect: 'none',
};

async function credits(t: TestApp, userId: string) {
  const { credits: balance } = await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow();
  const { total } = await t.db.selectFrom('creditLedger').select(sql<number>`coalesce(sum(delta), 0)`.as('total')).where('userId', '=', userId).executeTakeFirstOrThrow();
  expect(Number(total)).toBe(balance); // the ledger always explains the balance
  return balance;
}

describe.each(testDatabases())('AI endpoints with the offline engines on $name', (database) => {
  let t: TestApp;
  let user: { cookie: string; userId: string };
  beforeEach(async () => {
    t = await createTestApp(database);
    user = await signUp(t.app, { username: 'dreamer' });
  });
  afterEach(() => t.close());

  const post = (url: string, payload?: object, cookie = user.cookie) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('inspires a prompt, and different ones on different calls', async () => {
    const prompts = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const response = await post('/api/inspire-prompt');
      expect(response.statusCode).toBe(200);
      prompts.add(response.json().prompt);
    }
    expect(prompts.size).toBeGreaterThan(3);
    expect((await t.app.inject({ method: 'POST', url: '/api/inspire-prompt' })).statusCode).toBe(401);
  });

  it('makes an image at the model’s size, charges its price, and serves it to its owner only', async () => {
    const response = await post('/api/generate-image', { prompt: 'A neon koi fish', model: 'dall-e-3-hd' });
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json();
    expect(imageUrl).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    expect(await credits(t, user.userId)).toBe(198);
    const image = await t.app.inject({ method: 'GET', url: imageUrl, headers: { cookie: user.cookie } });
    expect(image.headers['content-type']).toBe('image/png');
    expect(pngSize(image.rawPayload)).toEqual({ width: 1024, height: 1792 });
    const other = await signUp(t.app, { username: 'peeker' });
    expect((await t.app.inject({ method: 'GET', url: imageUrl, headers: { cookie: other.cookie } })).statusCode).toBe(404);
  });

  it('refuses an empty prompt or unknown model, and a balance below the price', async () => {
    expect((await post('/api/generate-image', { prompt: '  ', model: 'dall-e-3-standard' })).json()).toEqual({ message: 'Prompt is required' });
    expect((await post('/api/generate-image', { prompt: 'x', model: 'midjourney' })).statusCode).toBe(400);
    await adjustCredits(t.db, user.userId, 1, new Date());
    const short = await post('/api/generate-image', { prompt: 'A fox', model: 'dall-e-3-hd' });
    expect(short.statusCode).toBe(402);
    expect(short.json().message).toMatch(/^Insufficient credits\. This image costs 2 credits and you have 1\./);
    expect(await credits(t, user.userId)).toBe(1);
  });

  it('answers the assistant from the video context, with numbered bold tips', async () => {
    const response = await post('/api/ai-assistant', { message: 'How do I make the first seconds grab people?', videoContext: context });
    expect(response.statusCode).toBe(200);
    const reply: string = response.json().response;
    expect(reply).toMatch(/paper boat/i);
    expect(reply).toMatch(/^1\. \*\*.+\*\*/m);
    expect((await post('/api/ai-assistant', { message: '   ', videoContext: context })).json()).toEqual({ message: 'Message is required' });
  });

  it('suggests 3–5 improvements auto-apply can carry out, and applies one for 10 credits', async () => {
    const response = await post('/api/suggest-improvements', { videoContext: context });
    const { suggestions } = suggestionsResponseSchema.parse(response.json());
    const hook = suggestions.find((s) => s.type === 'text-overlay');
    expect(hook).toBeDefined();

    const project = (await post('/api/projects', { title: context.title, prompt: context.prompt, aspectRatio: '9:16', duration: 15 })).json();
    await t.db.updateTable('videoProjects').set({ status: 'ready', duration: 15 }).where('id', '=', project.id).execute();
    const before = await credits(t, user.userId);
    const applied = await post(`/api/projects/${project.id}/auto-apply`, { suggestion: hook, currentEditorState: defaultEditorState(15) });
    expect(applied.statusCode).toBe(200);
    const { editorState, creditsUsed } = applied.json();
    expect(creditsUsed).toBe(10);
    expect(editorState.textOverlays).toHaveLength(1);
    expect(editorState.textOverlays[0].position.y).toBeLessThan(34);
    expect(await credits(t, user.userId)).toBe(before - 10);
    const saved = (await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: { cookie: user.cookie } })).json();
    expect(saved.editorState).toEqual(editorState);

    const other = await signUp(t.app, { username: 'meddler' });
    expect((await post(`/api/projects/${project.id}/auto-apply`, { suggestion: hook, currentEditorState: defaultEditorState(15) }, other.cookie)).statusCode).toBe(404);
  });

  it('applies suggestions for free for pro users', async () => {
    await t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', user.userId).execute();
    const project = (await post('/api/projects', { title: 'x', prompt: 'y', aspectRatio: '16:9', duration: 8 })).json();
    await t.db.updateTable('videoProjects').set({ status: 'ready', duration: 8 }).where('id', '=', project.id).execute();
    const applied = await post(`/api/projects/${project.id}/auto-apply`, {
      suggestion: { type: 'effect', title: 'Mood', description: 'Go monochrome', example: 'grayscale' },
      currentEditorState: defaultEditorState(8),
    });
    expect(applied.json()).toMatchObject({ creditsUsed: 0, editorState: { visualEffect: 'grayscale' } });
  });
});

describe('image refunds when the provider refuses (fake OpenAI server)', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('gives the credits back and shows the provider’s reason', async () => {
    const openai = await startFakeOpenAiServer({ apiKey: 'sk-test', answer: { kind: 'content-policy', message: 'Your request was rejected by our safety system.' } });
    t = await createTestApp(testDatabases()[0]!, { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl } });
    const user = await signUp(t.app, { username: 'refused' });
    const response = await t.app.inject({ method: 'POST', url: '/api/generate-image', headers: { cookie: user.cookie }, payload: { prompt: 'something', model: 'dall-e-3-standard' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/safety system/);
    expect(await credits(t, user.userId)).toBe(200);
    const refunds = await t.db.selectFrom('creditLedger').select(['delta', 'reason']).where('reason', 'in', ['image', 'image-refund']).execute();
    expect(refunds).toEqual(expect.arrayContaining([{ delta: -1, reason: 'image' }, { delta: 1, reason: 'image-refund' }]));
    await openai.close();
  });
});
