import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SUGGESTION_TYPES, videoContextSchema } from '../../../shared/schemas/ai.ts';
import type { GoogleBackend } from '../google/google-backend.ts';
import { type ContentFake, GOOGLE_BACKEND_KINDS, startContentFake } from '../../test-support/google-fake-backends.ts';
import { ModelNotFoundError } from '../model-not-found.ts';
import { createGeminiTextModel } from './gemini-text-model.ts';
import { createTextModel } from './index.ts';
import { AiModelError } from './text-model.ts';
import { DEFAULT_MODELS } from '../../config.ts';

const API_KEY = 'test-gemini-key-8d31f0';
const MODEL = 'gemini-2.5-flash';
const videoContext = videoContextSchema.parse({
  title: 'Rainy Boat',
  prompt: 'A paper boat drifting down a rainy street at dusk',
  aspectRatio: '9:16',
  duration: 16,
  visualEffect: 'sepia',
});
const validSuggestions = [
  { type: 'text-overlay', title: 'Add a hook', description: 'Put a hook in the top third.', example: 'Wait for the boat…' },
  { type: 'trim', title: 'Trim to 8 seconds', description: 'Keep the strongest part.', example: '1s–9s' },
  { type: 'grade', title: 'Moody grade', description: 'More contrast.', example: 'brightness 95%, contrast 120%, saturation 85%' },
];

/** What each back-end's fake says when it turns the credentials away (the key's check; the token exchange). */
const REJECTION_WORDS = { 'gemini-api': 'API key not valid', 'vertex-ai': 'invalid_grant' } as const;

describe.each(GOOGLE_BACKEND_KINDS)('Gemini text model on %s (real SDK against a fake server)', (kind) => {
  let dir: string;
  let gemini: ContentFake;
  const warnings: Array<{ obj: object; msg?: string }> = [];
  const logger = { warn: (obj: object, msg?: string) => warnings.push({ obj, msg }) };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gemini-text-'));
    gemini = await startContentFake(kind, dir);
  });
  afterAll(async () => {
    await gemini.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    warnings.length = 0;
  });

  const model = (backend: GoogleBackend = gemini.backend, modelId = MODEL) => createGeminiTextModel({ backend, model: modelId, logger });

  async function failure(run: () => Promise<unknown>): Promise<AiModelError> {
    const error = await run().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AiModelError);
    return error as AiModelError;
  }

  it('asks for structured suggestions and returns the validated answer', async () => {
    gemini.setAnswer({ kind: 'json', value: { suggestions: validSuggestions } });
    const suggestions = await model().suggestImprovements(videoContext);
    expect(suggestions).toEqual(validSuggestions);

    const request = gemini.lastRequest();
    expect(request?.model).toBe(MODEL);
    gemini.expectAuthenticated();
    expect(request?.systemInstruction).toMatch(/3 to 5 suggestions/);
    expect(request?.generationConfig.responseMimeType).toBe('application/json');
    const schema = request?.generationConfig.responseJsonSchema as {
      properties: { suggestions: { minItems: number; maxItems: number; items: { properties: { type: { enum: string[] } } } } };
    };
    expect(schema.properties.suggestions.minItems).toBe(3);
    expect(schema.properties.suggestions.maxItems).toBe(5);
    expect(schema.properties.suggestions.items.properties.type.enum).toEqual([...SUGGESTION_TYPES]);
    const userText = JSON.stringify(request?.contents);
    expect(userText).toContain('A paper boat drifting');
    expect(userText).toContain('sepia');
  });

  it('tells the model the sequence as the editor shows it: the output’s length, the first shot’s cut and the sound', async () => {
    gemini.setAnswer({ kind: 'json', value: { suggestions: validSuggestions } });
    await model().suggestImprovements({ ...videoContext, trim: { start: 1, end: 9 }, audio: { volume: 0.4, isMuted: false } });
    const userText = String(gemini.lastRequest()?.contents[0]?.parts?.[0]?.text);
    const told = JSON.parse(userText.replace(/^The video: /, '')) as Record<string, unknown>;
    expect(told).toMatchObject({ durationSeconds: 16, outputSeconds: 8, trim: { start: 1, end: 9 }, audio: { volume: 0.4, isMuted: false } });
  });

  it('asks for an inspiration prompt as JSON {prompt}', async () => {
    gemini.setAnswer({ kind: 'json', value: { prompt: '  A red fox leaping over a frozen creek at dawn, slow dolly-in.  ' } });
    await expect(model().inspirePrompt()).resolves.toBe('A red fox leaping over a frozen creek at dawn, slow dolly-in.');
    const request = gemini.lastRequest();
    expect(request?.systemInstruction).toMatch(/prompt/i);
    expect(request?.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: { type: 'object', required: ['prompt'] },
    });
  });

  it('sends the chat as user/model turns with the video in the system instruction, as plain text', async () => {
    gemini.setAnswer({ kind: 'text', text: 'Try this:\n\n1. **Hook** — Add one.\n2. **Trim** — Cut it.' });
    const reply = await model().assistantReply('And the music?', videoContext, [
      { role: 'assistant', content: 'Hi! How can I help?' },
      { role: 'user', content: 'How do I improve the hook?' },
      { role: 'assistant', content: '1. **Hook** — Add text.' },
    ]);
    expect(reply).toBe('Try this:\n\n1. **Hook** — Add one.\n2. **Trim** — Cut it.');
    const request = gemini.lastRequest();
    expect(request?.contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
    expect(request?.contents.at(-1)?.parts?.[0]?.text).toBe('And the music?');
    expect(request?.systemInstruction).toContain('Rainy Boat');
    expect(request?.systemInstruction).toContain('**Title**');
    expect(request?.generationConfig.responseMimeType).toBeUndefined();
  });

  const scriptContext = {
    title: 'Rainy Boat',
    prompt: 'A paper boat drifting down a rainy street at dusk',
    shots: [
      { prompt: 'A paper boat drifting down a rainy street at dusk', seconds: 8 },
      { prompt: 'The boat tips over a drain', seconds: 4 },
    ],
    seconds: 12,
  };

  it('asks for a voice-over script as JSON {script}, sized to the output, and returns it as one paragraph', async () => {
    gemini.setAnswer({ kind: 'json', value: { script: '  Picture this: a paper boat in the rain.\nThen it tips over the drain.  Follow for part two. ' } });
    await expect(model().draftVoiceoverScript(scriptContext)).resolves.toBe(
      'Picture this: a paper boat in the rain. Then it tips over the drain. Follow for part two.',
    );
    const request = gemini.lastRequest();
    expect(request?.systemInstruction).toMatch(/voice-over/);
    expect(request?.generationConfig).toMatchObject({ responseMimeType: 'application/json', responseJsonSchema: { required: ['script'] } });
    const userText = String(request?.contents[0]?.parts?.[0]?.text);
    // 12 s at 2.5 words a second: 30 words at most, asked for 26.
    expect(userText).toContain('write about 26 words, never more than 30');
    expect(userText).toContain('The boat tips over a drain');
    expect(userText).toContain('"outputSeconds":12');
  });

  it('turns a script that is empty, too long for the video or full of marks a voice cannot say into a 502 with a plain message', async () => {
    const cases: Array<[string, RegExp]> = [
      ['   ', /empty script/],
      [Array.from({ length: 31 }, () => 'rain').join(' '), /too long for this video/],
      ['[Upbeat music] A paper boat sails. 🚤', /a voice cannot say/],
    ];
    for (const [script, message] of cases) {
      gemini.setAnswer({ kind: 'json', value: { script } });
      const warned = warnings.length;
      const error = await failure(() => model().draftVoiceoverScript(scriptContext));
      expect(error.status).toBe(502);
      expect(error.message).toMatch(message);
      expect(warnings.slice(warned).map((warning) => warning.msg)).toEqual([expect.stringMatching(/script is unusable/)]);
    }
    gemini.setAnswer({ kind: 'json', value: { text: 'A paper boat.' } });
    expect((await failure(() => model().draftVoiceoverScript(scriptContext))).message).toBe(
      'The AI returned an answer we could not use. Please try again.',
    );
  });

  it('reports a refused script as 422 with the safety message', async () => {
    gemini.setAnswer({ kind: 'finish', finishReason: 'SAFETY' });
    const error = await failure(() => model().draftVoiceoverScript(scriptContext));
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/safety filters/);
  });

  it('turns an answer that is not JSON into a 502, never showing it', async () => {
    gemini.setAnswer({ kind: 'malformed-json' });
    const error = await failure(() => model().suggestImprovements(videoContext));
    expect(error.status).toBe(502);
    expect(error.message).toBe('The AI returned an answer we could not use. Please try again.');
    expect(warnings.at(-1)?.msg).toMatch(/not JSON/);
  });

  it('turns JSON that breaks the schema into a 502', async () => {
    gemini.setAnswer({ kind: 'json', value: { suggestions: validSuggestions.slice(0, 2) } });
    expect((await failure(() => model().suggestImprovements(videoContext))).status).toBe(502);
    gemini.setAnswer({ kind: 'json', value: { suggestions: [...validSuggestions, { ...validSuggestions[0], type: 'speed' }] } });
    expect((await failure(() => model().suggestImprovements(videoContext))).status).toBe(502);
    gemini.setAnswer({ kind: 'json', value: { prompt: '' } });
    expect((await failure(() => model().inspirePrompt())).status).toBe(502);
    gemini.setAnswer({ kind: 'text', text: '   ' });
    expect((await failure(() => model().assistantReply('hi', videoContext))).status).toBe(502);
  });

  it('reports refusals as 422 with a clear message', async () => {
    gemini.setAnswer({ kind: 'prompt-blocked', blockReason: 'SAFETY' });
    const blocked = await failure(() => model().assistantReply('something nasty', videoContext));
    expect(blocked.status).toBe(422);
    expect(blocked.message).toMatch(/safety filters/);

    gemini.setAnswer({ kind: 'finish', finishReason: 'SAFETY' });
    const stopped = await failure(() => model().suggestImprovements(videoContext));
    expect(stopped.status).toBe(422);
    expect(stopped.message).toMatch(/rephrase/);
  });

  it('reports 429 as busy', async () => {
    gemini.setAnswer({ kind: 'http-error', code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' });
    const error = await failure(() => model().inspirePrompt());
    expect(error.status).toBe(429);
    expect(error.message).toBe('The AI service is busy. Please try again in a minute.');
  });

  it('reports other failures as 502 without the secret, in the message or the logs', async () => {
    gemini.setAnswer({ kind: 'http-error', code: 500, message: 'Internal error encountered.', status: 'INTERNAL' });
    expect((await failure(() => model().inspirePrompt())).status).toBe(502);

    const { backend, secrets } = await gemini.unauthorised();
    gemini.setAnswer({ kind: 'json', value: { prompt: 'x' } });
    const error = await failure(() => model(backend).inspirePrompt());
    expect(error.status).toBe(502);
    for (const secret of secrets) {
      expect(error.message).not.toContain(secret);
      expect(JSON.stringify(warnings)).not.toContain(secret);
    }
    expect(JSON.stringify(warnings)).toContain(REJECTION_WORDS[kind]);

    const unreachable = model({ ...gemini.backend, baseUrl: 'http://127.0.0.1:9' });
    expect((await failure(() => unreachable.inspirePrompt())).status).toBe(502);
  });

  it('a model the provider retires is a ModelNotFoundError naming it from the next call on, not a user-facing error', async () => {
    const retiring = 'gemini-2.0-flash-retiring';
    gemini.setAnswer({ kind: 'json', value: { prompt: 'A kite over the dunes at noon.' } });
    await expect(model(gemini.backend, retiring).inspirePrompt()).resolves.toBe('A kite over the dunes at noon.');
    gemini.retireModel(retiring);

    const error = await model(gemini.backend, retiring).inspirePrompt().catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ModelNotFoundError);
    expect(error).toMatchObject({ model: retiring, providerMessage: expect.stringContaining(retiring) });
    expect(warnings.at(-1)).toMatchObject({ obj: { model: retiring, status: 404 } });
  });
});

describe('createTextModel', () => {
  it('uses Gemini only when a Google back-end is configured', () => {
    const googleModels = DEFAULT_MODELS['gemini-api'];
    expect(createTextModel({ googleModels }).kind).toBe('offline');
    expect(createTextModel({ google: { kind: 'gemini-api', apiKey: API_KEY }, googleModels }).kind).toBe('gemini');
  });
});
