import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EditorState, defaultEditorState, newTextOverlay } from '../../shared/editor/editor-state.ts';
import { sequenceSound } from '../../shared/editor/sequence-controls.ts';
import { type Suggestion, suggestionsResponseSchema } from '../../shared/schemas/ai.ts';
import { adjustCredits } from '../credits/credit-ledger.ts';
import { insertMediaAsset } from '../media/media-assets-repository.ts';
import { pngSize } from '../providers/image-model/png-info.ts';
import { clipEdit } from '../test-support/clip-edit.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { EDITOR_DOCUMENT_VERSIONS, editorDocumentFixture, fixtureVoiceId } from '../test-support/editor-document-fixtures.ts';
import { startFakeOpenAiServer } from '../test-support/fake-openai-server.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';

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
  // One app for the describe, a user of their own per test (the AI limits count per user).
  let t: TestApp;
  let user: { cookie: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    user = await signUp(t.app, { username: uniqueName('dreamer') });
  });

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
    const other = await signUp(t.app, { username: uniqueName('peeker') });
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
    const applied = await post(`/api/projects/${project.id}/auto-apply`, { suggestion: hook, currentEditorState: defaultEditorState(project.id, 15) });
    expect(applied.statusCode).toBe(200);
    const { editorState, creditsUsed } = applied.json();
    expect(creditsUsed).toBe(10);
    expect(editorState.textOverlays).toHaveLength(1);
    expect(editorState.textOverlays[0].position.y).toBeLessThan(34);
    expect(await credits(t, user.userId)).toBe(before - 10);
    const saved = (await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: { cookie: user.cookie } })).json();
    expect(saved.editorState).toEqual(editorState);

    const other = await signUp(t.app, { username: uniqueName('meddler') });
    expect((await post(`/api/projects/${project.id}/auto-apply`, { suggestion: hook, currentEditorState: defaultEditorState(project.id, 15) }, other.cookie)).statusCode).toBe(404);
  });

  it('applies suggestions for free for pro users', async () => {
    await t.db.updateTable('users').set({ subscription: 'pro' }).where('id', '=', user.userId).execute();
    const project = (await post('/api/projects', { title: 'x', prompt: 'y', aspectRatio: '16:9', duration: 8 })).json();
    await t.db.updateTable('videoProjects').set({ status: 'ready', duration: 8 }).where('id', '=', project.id).execute();
    const applied = await post(`/api/projects/${project.id}/auto-apply`, {
      suggestion: { type: 'effect', title: 'Mood', description: 'Go monochrome', example: 'grayscale' },
      currentEditorState: defaultEditorState(project.id, 8),
    });
    expect(applied.json()).toMatchObject({ creditsUsed: 0, editorState: { visualEffect: 'grayscale' } });
    const preview = await post(`/api/projects/${project.id}/auto-apply/preview`, {
      suggestion: { type: 'effect', title: 'Mood', description: 'Go old', example: 'sepia' },
      currentEditorState: applied.json().editorState,
    });
    expect(preview.json()).toMatchObject({ credits: 0, editorState: { visualEffect: 'sepia' } });
  });
});

describe.each(testDatabases())('auto-apply follows the save rules and charges only for a change, on $name', (database) => {
  // One app for the describe, a user of their own per test.
  let t: TestApp;
  let user: { cookie: string; userId: string };
  beforeAll(async () => {
    // A user per test is more sign-ups than one address may make in an hour; the limits have their own tests.
    t = await createTestApp(database, { env: { RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    user = await signUp(t.app, { username: uniqueName('applier') });
  });

  const request = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  const hook: Suggestion = { type: 'text-overlay', title: 'Add a hook', description: 'Open with a hook', example: 'Wait for the last boat' };
  const grayscale: Suggestion = { type: 'effect', title: 'Mood', description: 'Go monochrome', example: 'grayscale' };

  async function readyProject(duration: number): Promise<string> {
    const project = (await request('POST', '/api/projects', { title: context.title, prompt: context.prompt, aspectRatio: '9:16', duration: 8 })).json();
    await t.db.updateTable('videoProjects').set({ status: 'ready', duration }).where('id', '=', project.id).execute();
    return project.id;
  }
  async function addReadyVoice(projectId: string): Promise<void> {
    const at = new Date().toISOString();
    await insertMediaAsset(t.db, {
      id: fixtureVoiceId(projectId), projectId, userId: user.userId, kind: 'audio', origin: 'voice', status: 'ready',
      fileKey: `media/${fixtureVoiceId(projectId)}.m4a`, duration: 3, createdAt: at, updatedAt: at,
    });
  }
  const savedState = async (id: string) => (await request('GET', `/api/projects/${id}`)).json().editorState as EditorState | null;
  const apply = (id: string, suggestion: Suggestion, currentEditorState: EditorState) =>
    request('POST', `/api/projects/${id}/auto-apply`, { suggestion, currentEditorState });
  const preview = (id: string, suggestion: unknown, currentEditorState: unknown, cookie = user.cookie) =>
    t.app.inject({ method: 'POST', url: `/api/projects/${id}/auto-apply/preview`, headers: { cookie }, payload: { suggestion, currentEditorState } });
  const withoutIds = (state: EditorState) => ({ ...state, textOverlays: state.textOverlays.map(({ id: _id, ...overlay }) => overlay) });
  const suggestionRows = () => t.db.selectFrom('creditLedger').select('delta').where('userId', '=', user.userId).where('reason', '=', 'suggestion').execute();
  /** The videoContext the editor sends (SPEC §7): the first shot's cut of the clip as the trim, the sequence's sound as the audio. */
  const contextOf = (state: EditorState, duration: number) => {
    const { volume, muted } = sequenceSound(state);
    const [first] = state.shots;
    const { textOverlays, visualEffect, colorGrading } = state;
    return { ...context, duration, textOverlays, visualEffect, colorGrading, trim: { start: first?.in, end: first?.out }, audio: { volume, isMuted: muted } };
  };

  it('previews the edit auto-apply would save and what keeping it costs, saving and charging nothing; keeping it makes that edit', async () => {
    const id = await readyProject(15);
    const secondLine: Suggestion = {
      type: 'text-overlay',
      title: 'A second line',
      description: 'Add a second line in the lower third for the first 5 seconds',
      example: 'Which boat wins?',
    };
    const before = await credits(t, user.userId);
    let state = defaultEditorState(id, 15);
    for (const suggestion of [secondLine, grayscale]) {
      const shown = await preview(id, suggestion, state);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().credits).toBe(10);
      // Looked at twice, still nothing saved or charged.
      expect(withoutIds((await preview(id, suggestion, state)).json().editorState)).toEqual(withoutIds(shown.json().editorState));
      expect(await credits(t, user.userId)).toBe(before - (suggestion === secondLine ? 0 : 10));
      expect(await savedState(id)).toEqual(suggestion === secondLine ? null : state);

      const kept = await apply(id, suggestion, state);
      expect(kept.json().creditsUsed).toBe(10);
      expect(withoutIds(kept.json().editorState)).toEqual(withoutIds(shown.json().editorState));
      state = kept.json().editorState;
    }
    expect(state.textOverlays).toEqual([expect.objectContaining({ text: 'WHICH BOAT WINS?', position: { x: 50, y: 72 }, start: 0, end: 5 })]);
    expect(state.visualEffect).toBe('grayscale');
    expect(await suggestionRows()).toEqual([{ delta: -10 }, { delta: -10 }]);
    // What the saved edit has already costs nothing to keep, and is the saved edit itself.
    expect((await preview(id, grayscale, state)).json()).toEqual({ editorState: state, credits: 0 });
  });

  it('previews only for the project’s owner, and refuses what auto-apply refuses with the same answer, charging nothing', async () => {
    const id = await readyProject(8);
    const before = await credits(t, user.userId);
    const other = await signUp(t.app, { username: uniqueName('peeker') });
    const notYours = await preview(id, grayscale, defaultEditorState(id, 8), other.cookie);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual({ message: 'Project not found' });
    expect((await preview(id, grayscale, defaultEditorState(id, 8), '')).statusCode).toBe(401);

    const full: EditorState = {
      ...defaultEditorState(id, 8),
      textOverlays: Array.from({ length: 50 }, (_, i) => ({ ...newTextOverlay(`line-${i}`, 8), text: `Line ${i}` })),
    };
    const refused: Array<[unknown, unknown, number, string | RegExp]> = [
      [{ ...grayscale, type: 'sparkles' }, defaultEditorState(id, 8), 400, /\w/],
      [undefined, defaultEditorState(id, 8), 400, /\w/],
      [grayscale, { version: 99 }, 400, 'Unknown editor document version 99'],
      [grayscale, 'grayscale please', 400, /\w/],
      [hook, full, 400, 'At most 50 text overlays'],
      [grayscale, clipEdit(id, 8, { start: 0, end: 99999 }), 400, /^Trim end must be at most the video's length/],
    ];
    for (const [suggestion, currentEditorState, status, message] of refused) {
      const shown = await preview(id, suggestion, currentEditorState);
      expect(shown.statusCode, shown.body).toBe(status);
      expect(shown.json().message).toMatch(message);
      expect(shown.json().message).not.toMatch(/went wrong/);
      const applied = await request('POST', `/api/projects/${id}/auto-apply`, { suggestion, currentEditorState });
      expect(applied.json()).toEqual(shown.json());
    }
    await t.db.updateTable('videoProjects').set({ status: 'generating' }).where('id', '=', id).execute();
    const extending = await preview(id, grayscale, defaultEditorState(id, 8));
    expect(extending.statusCode).toBe(409);
    expect(extending.json()).toEqual({ message: 'The video is still being generated' });
    expect(await credits(t, user.userId)).toBe(before);
    expect(await suggestionRows()).toEqual([]);
    expect(await savedState(id)).toBeNull();
  });

  it('refuses a hook when the edit already has 50 overlays, saving and charging nothing', async () => {
    const id = await readyProject(15);
    const full: EditorState = {
      ...defaultEditorState(id, 15),
      textOverlays: Array.from({ length: 50 }, (_, i) => ({ ...newTextOverlay(`line-${i}`, 8), text: `Line ${i}` })),
    };
    expect((await request('PATCH', `/api/projects/${id}`, { editorState: full })).statusCode).toBe(200);
    const before = await credits(t, user.userId);

    const refused = await apply(id, hook, full);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'At most 50 text overlays' });
    expect(await credits(t, user.userId)).toBe(before);
    expect(await suggestionRows()).toEqual([]);
    expect(await savedState(id)).toEqual(full);
  });

  it('never saves a trim past the clip, so the saved edit always passes PATCH', async () => {
    const id = await readyProject(8);
    const before = await credits(t, user.userId);
    const tooLong = await apply(id, grayscale, clipEdit(id, 8, { start: 0, end: 99999 }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/^Trim end must be at most the video's length/);
    expect(await credits(t, user.userId)).toBe(before);
    expect(await savedState(id)).toBeNull();

    const trimmed = await apply(id, { type: 'trim', title: 'Trim', description: 'Keep it all', example: '0s–99999s' }, defaultEditorState(id, 8));
    expect(trimmed.statusCode).toBe(200);
    expect(trimmed.json().editorState.shots[0]).toMatchObject({ in: 0, out: 8 });
    const saved = await savedState(id);
    expect((await request('PATCH', `/api/projects/${id}`, { editorState: saved })).statusCode).toBe(200);
  });

  it('charges once for a suggestion applied twice, even when the second request repeats the first', async () => {
    const id = await readyProject(15);
    const before = await credits(t, user.userId);
    for (const suggestion of [grayscale, hook]) {
      const first = await apply(id, suggestion, defaultEditorState(id, 15));
      expect(first.json().creditsUsed).toBe(10);
      const again = await apply(id, suggestion, first.json().editorState);
      expect(again.json()).toEqual({ editorState: first.json().editorState, creditsUsed: 0 });
      // A repeated request (the state from before the first apply) changes nothing that is saved either.
      const repeated = await apply(id, suggestion, defaultEditorState(id, 15));
      expect(repeated.statusCode).toBe(200);
      expect(repeated.json().creditsUsed).toBe(0);
      expect(await savedState(id)).toEqual(first.json().editorState);
      // The next suggestion starts from the plain edit again.
      expect((await request('PATCH', `/api/projects/${id}`, { editorState: defaultEditorState(id, 15) })).statusCode).toBe(200);
    }
    expect(await suggestionRows()).toEqual([{ delta: -10 }, { delta: -10 }]);
    expect(await credits(t, user.userId)).toBe(before - 20);
  });

  it.each(EDITOR_DOCUMENT_VERSIONS)('takes the current edit as a document of version %i, as PATCH does (SPEC §7 sends no version)', async (version) => {
    const id = await readyProject(8);
    const document = JSON.parse(editorDocumentFixture(version, id)) as Record<string, unknown>;
    // The voice lane of version 5 on plays a voice-over of the project: a save refuses one that is not there.
    if (version >= 5) await addReadyVoice(id);
    expect((await request('PATCH', `/api/projects/${id}`, { editorState: document })).statusCode).toBe(200);
    const upgraded = (await savedState(id)) as EditorState;

    const applied = await request('POST', `/api/projects/${id}/auto-apply`, { suggestion: grayscale, currentEditorState: document });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ editorState: { ...upgraded, visualEffect: 'grayscale' }, creditsUsed: 10 });
    expect(await savedState(id)).toEqual({ ...upgraded, visualEffect: 'grayscale' });
  });

  it('refuses a current edit the codec cannot read with 400 and the reason, saving and charging nothing', async () => {
    const id = await readyProject(8);
    const before = await credits(t, user.userId);
    const unknownVersion = await request('POST', `/api/projects/${id}/auto-apply`, { suggestion: grayscale, currentEditorState: { version: 99 } });
    expect(unknownVersion.statusCode).toBe(400);
    expect(unknownVersion.json()).toEqual({ message: 'Unknown editor document version 99' });
    const notAnEdit = await request('POST', `/api/projects/${id}/auto-apply`, { suggestion: grayscale, currentEditorState: 'grayscale please' });
    expect(notAnEdit.statusCode).toBe(400);
    expect(await credits(t, user.userId)).toBe(before);
    expect(await savedState(id)).toBeNull();
  });

  it('refuses a free user short of credits with 402, saving nothing', async () => {
    const id = await readyProject(8);
    await adjustCredits(t.db, user.userId, 9, new Date());
    const refused = await apply(id, grayscale, defaultEditorState(id, 8));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toMatch(/^Insufficient credits\. Applying a suggestion costs 10 credits and you have 9\./);
    expect(await credits(t, user.userId)).toBe(9);
    expect(await savedState(id)).toBeNull();
  });

  it('does not offer again what the edit already has', async () => {
    const id = await readyProject(24);
    let state = defaultEditorState(id, 24);
    const first = suggestionsResponseSchema.parse((await request('POST', '/api/suggest-improvements', { videoContext: contextOf(state, 24) })).json());
    for (const suggestion of first.suggestions) {
      const applied = await apply(id, suggestion, state);
      expect(applied.statusCode).toBe(200);
      expect(applied.json().creditsUsed).toBe(10);
      state = applied.json().editorState;
      const next = suggestionsResponseSchema.parse((await request('POST', '/api/suggest-improvements', { videoContext: contextOf(state, 24) })).json());
      // What auto-apply carries out is the type and the example; the wording varies from call to call.
      expect(next.suggestions.map(({ type, example }) => ({ type, example }))).not.toContainEqual({ type: suggestion.type, example: suggestion.example });
    }
  });

  it('refuses videoContext numbers outside the editor’s ranges with a message', async () => {
    const outOfRange = [
      { duration: 1e308 },
      { trim: { start: 0, end: 1e308 } },
      { trim: { start: -1e308, end: 8 } },
      { trim: { start: 0, end: 17 } },
      { colorGrading: { brightness: 1e308, contrast: 100, saturation: 100 } },
      { colorGrading: { brightness: 100, contrast: -1e308, saturation: 100 } },
      { audio: { volume: 1e308, isMuted: false } },
    ];
    for (const fields of outOfRange) {
      for (const [url, extra] of [['/api/suggest-improvements', {}], ['/api/ai-assistant', { message: 'Any tips?' }]] as const) {
        const response = await request('POST', url, { ...extra, videoContext: { ...context, ...fields } });
        expect(response.statusCode, `${url} ${JSON.stringify(fields)}`).toBe(400);
        expect(response.json().message).toMatch(/\w/);
        expect(response.json().message).not.toMatch(/Infinity|went wrong/);
      }
    }
  });
});

describe('image refunds when the provider refuses (fake OpenAI server)', () => {
  // An app per test: each is configured against a fake OpenAI server that answers differently, and the
  // second reads the catalog state and the log lines its one refused request leaves.
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

  it('answers 503 for a model OpenAI no longer has, refunds, shows it in the catalog and logs the variable to change', async () => {
    const openai = await startFakeOpenAiServer({ apiKey: 'sk-test' });
    openai.retireModel('gpt-image-1');
    const lines: string[] = [];
    t = await createTestApp(testDatabases()[0]!, {
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, LOG_LEVEL: 'error' },
      logStream: { write: (line) => lines.push(line) },
    });
    const user = await signUp(t.app, { username: 'retired' });
    const response = await t.app.inject({ method: 'POST', url: '/api/generate-image', headers: { cookie: user.cookie }, payload: { prompt: 'a fox', model: 'dall-e-3-standard' } });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Image generation with this model is unavailable right now. Please try again later.');
    expect(await credits(t, user.userId)).toBe(200);
    const advice = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.variable === 'OPENAI_IMAGE_MODEL');
    expect(advice).toEqual([expect.objectContaining({ model: 'gpt-image-1', msg: expect.stringContaining('set OPENAI_IMAGE_MODEL') })]);
    expect(t.services.catalog.snapshot().providers.find((row) => row.role === 'image-openai')?.state).toBe('not-found');
    await openai.close();
  });
});
