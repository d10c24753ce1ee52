import { describe, expect, it } from 'vitest';
import { SUGGESTION_TYPES, modelSuggestionsSchema, videoContextSchema, type VideoContext } from '../../../shared/schemas/ai.ts';
import { VISUAL_EFFECTS } from '../../../shared/editor/editor-constants.ts';
import { newTextOverlay } from '../../../shared/editor/editor-state.ts';
import { createOfflineTextModel } from './offline-text-model.ts';
import {
  audioExample,
  gradeExample,
  parseAudioExample,
  parseEffectExample,
  parseGradeExample,
  parseTrimExample,
  trimExample,
} from '../../../shared/ai/suggestion-examples.ts';
import { MAX_SCRIPT_CHARACTERS, scriptWords } from '../../../shared/speech/timed-word.ts';
import type { ScriptContext } from './text-model.ts';
import { promptSubject } from './video-facts.ts';
import { draftProblem, scriptWordLimit } from './voiceover-script.ts';
import { SPOKEN_WORDS_PER_SECOND } from '../../../shared/speech/script-length.ts';

/** mulberry32: a seeded random in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function context(overrides: Partial<VideoContext> = {}): VideoContext {
  return videoContextSchema.parse({
    title: 'Rainy Boat',
    prompt: 'A paper boat drifting down a rainy street at dusk, cinematic',
    aspectRatio: '9:16',
    duration: 24,
    ...overrides,
  });
}

const polished = context({
  title: 'Puppy in the snow',
  prompt: 'Cinematic drone shot of a golden retriever puppy playing in the snow',
  aspectRatio: '16:9',
  duration: 8,
  textOverlays: [{ ...newTextOverlay('hook', 8), text: 'SNOW DAY!', fontSize: 64, position: { x: 50, y: 20 }, outline: { color: '#000000', thickness: 4 } }],
  visualEffect: 'sepia',
  trim: { start: 0.5, end: 8 },
  colorGrading: { brightness: 104, contrast: 108, saturation: 112 },
});

describe('offline text model: inspiration', () => {
  it('draws thousands of distinct, complete prompts from its grammar', async () => {
    const model = createOfflineTextModel({ random: seeded(1) });
    const prompts: string[] = [];
    for (let i = 0; i < 500; i++) prompts.push(await model.inspirePrompt());
    expect(new Set(prompts).size).toBeGreaterThan(450);
    for (const prompt of prompts) {
      expect(prompt.length).toBeGreaterThan(60);
      expect(prompt.length).toBeLessThan(400);
      expect(prompt).toMatch(/^[A-Z].*\.$/);
      expect(prompt).not.toMatch(/\s{2}|undefined/);
    }
  });

  it('is reproducible with the same random source', async () => {
    const first = createOfflineTextModel({ random: seeded(42) });
    const second = createOfflineTextModel({ random: seeded(42) });
    for (let i = 0; i < 5; i++) expect(await first.inspirePrompt()).toBe(await second.inspirePrompt());
  });
});

describe('offline text model: suggestions', () => {
  const model = createOfflineTextModel({ random: seeded(7) });

  it('gives 3–5 valid suggestions of types auto-apply knows, for very different videos', async () => {
    const contexts = [
      context(),
      polished,
      context({ duration: 0, title: '', prompt: '' }),
      context({ duration: 8, visualEffect: 'blur', colorGrading: { brightness: 40, contrast: 190, saturation: 200 } }),
    ];
    for (const videoContext of contexts) {
      const suggestions = await model.suggestImprovements(videoContext);
      expect(modelSuggestionsSchema.safeParse({ suggestions }).success).toBe(true);
      for (const suggestion of suggestions) expect(SUGGESTION_TYPES).toContain(suggestion.type);
    }
  });

  it('fills the gaps of an untouched long video with concrete values', async () => {
    const suggestions = await model.suggestImprovements(context({ prompt: 'A detective walking through a dark, rainy alley' }));
    const byType = new Map(suggestions.map((suggestion) => [suggestion.type, suggestion]));

    const hook = byType.get('text-overlay');
    expect(hook?.title).toMatch(/hook/i);
    expect(hook?.description).toMatch(/top third/);
    expect(hook?.example?.toLowerCase()).toContain('detective');

    expect(parseEffectExample(byType.get('effect')?.example ?? '')).toBe('grayscale');

    const trim = parseTrimExample(byType.get('trim')?.example ?? '');
    expect(trim).toBeDefined();
    expect(trim!.end - trim!.start).toBeLessThanOrEqual(15);
    expect(trim!.end).toBeLessThanOrEqual(24);

    const grade = parseGradeExample(byType.get('grade')?.example ?? '');
    expect(Object.keys(grade).sort()).toEqual(['brightness', 'contrast', 'saturation']);
    expect(grade.contrast).toBeGreaterThan(100);

    expect(parseAudioExample(byType.get('audio')?.example ?? '').volume).toBeLessThan(1);
  });

  it('does not repeat what the video already has', async () => {
    const suggestions = await model.suggestImprovements(polished);
    const titles = suggestions.map((suggestion) => suggestion.title).join(' | ');
    expect(titles).not.toMatch(/Add a hook/);
    expect(titles).not.toMatch(/Trim to the strongest|Start on the action/);
    expect(titles).not.toMatch(/Give it a .* grade/);
    const effect = suggestions.find((suggestion) => suggestion.type === 'effect');
    if (effect) expect(effect.example).not.toBe('sepia');
  });

  it('fixes hard-to-read overlays and extreme grades', async () => {
    const suggestions = await model.suggestImprovements(
      context({
        duration: 8,
        textOverlays: [{ ...newTextOverlay('a', 8), text: 'tiny words', fontSize: 24, outline: { color: '#000000', thickness: 0 } }],
        colorGrading: { brightness: 100, contrast: 100, saturation: 190 },
      }),
    );
    const overlay = suggestions.find((suggestion) => suggestion.type === 'text-overlay');
    expect(overlay?.title).toContain('tiny words');
    expect(overlay?.description).toMatch(/24 px/);
    const grade = parseGradeExample(suggestions.find((suggestion) => suggestion.type === 'grade')?.example ?? '');
    expect(grade.saturation).toBeLessThan(190);
  });

  it('is reproducible with the same random source and specific to the video', async () => {
    const a = await createOfflineTextModel({ random: seeded(3) }).suggestImprovements(context());
    const b = await createOfflineTextModel({ random: seeded(3) }).suggestImprovements(context());
    expect(a).toEqual(b);
    const other = await createOfflineTextModel({ random: seeded(3) }).suggestImprovements(
      context({ title: 'Space', prompt: 'An astronaut floating above a neon city at night', duration: 8 }),
    );
    expect(JSON.stringify(other)).not.toEqual(JSON.stringify(a));
    expect(JSON.stringify(other)).toContain('astronaut');
  });
});

describe('offline text model: assistant', () => {
  const numberedBoldList = /^1\. \*\*[^*]+\*\* — .+\n2\. \*\*[^*]+\*\* — .+/m;

  it('answers a tip request with an intro and a numbered list with bold titles, about this video', async () => {
    const model = createOfflineTextModel({ random: seeded(11) });
    const reply = await model.assistantReply('How can I make the hook better?', context());
    expect(reply).toContain('Rainy Boat');
    expect(reply).toMatch(numberedBoldList);
    expect(reply.split('\n')[0]?.length).toBeGreaterThan(20);
    expect(reply).toContain('paper boat');
    expect(reply).toMatch(/top third/);
  });

  it('mentions the duration, aspect and the edits the video already has', async () => {
    const model = createOfflineTextModel({ random: seeded(5) });
    const reply = await model.assistantReply('Any feedback on my video?', polished);
    expect(reply).toContain('Puppy in the snow');
    expect(reply).toContain('7.5s');
    expect(reply).toContain('16:9');
    expect(reply).toContain('SNOW DAY!');
    expect(reply).toContain('sepia');
    expect(reply).toMatch(numberedBoldList);
  });

  it('recognises common intents', async () => {
    const model = createOfflineTextModel({ random: seeded(9) });
    const ask = (message: string) => model.assistantReply(message, context());
    expect(await ask('What music should I add?')).toMatch(/volume|track|score/i);
    expect(await ask('Which hashtags should I use?')).toMatch(/#paperboat/);
    expect(await ask('Is it too long? How should I trim it?')).toMatch(/24s[\s\S]*Cut to about 12 seconds/);
    expect(await ask('How should I grade the colour?')).toMatch(/brightness \d+%, contrast \d+%, saturation \d+%/);
    expect(await ask('How do I make the captions readable?')).toMatch(/outline/);
    expect(await ask('When is the best time to post this?')).toMatch(/TikTok|Reels|Shorts/);
    for (const message of ['What music should I add?', 'Which hashtags should I use?', 'How should I grade the colour?']) {
      expect(await ask(message)).toMatch(numberedBoldList);
    }
  });

  it('varies its wording and never answers two questions with one canned string', async () => {
    const replies = new Set<string>();
    for (let seed = 1; seed <= 8; seed++) {
      replies.add(await createOfflineTextModel({ random: seeded(seed) }).assistantReply('Any tips?', context()));
    }
    expect(replies.size).toBeGreaterThan(4);
    const model = createOfflineTextModel({ random: seeded(1) });
    const hello = await model.assistantReply('hi', context());
    expect(hello).toMatch(/Rainy Boat/);
    expect(await model.assistantReply('thanks!', context())).not.toMatch(/^1\./m);
    expect(hello).not.toEqual(await model.assistantReply('hi', polished));
  });

  it('follows up on the previous topic when asked for more', async () => {
    const model = createOfflineTextModel({ random: seeded(2) });
    const reply = await model.assistantReply('more please', context(), [
      { role: 'user', content: 'What music should I use?' },
      { role: 'assistant', content: '1. **Pick music for the mood** — …' },
    ]);
    expect(reply).toMatch(/more ideas/i);
    expect(reply).toMatch(/beat|reach/);
  });
});

describe('suggestion examples', () => {
  it('round-trips each example form', () => {
    expect(parseTrimExample(trimExample(0.5, 12.25))).toEqual({ start: 0.5, end: 12.3 });
    expect(parseGradeExample(gradeExample({ brightness: 95, contrast: 120, saturation: 85 }))).toEqual({
      brightness: 95,
      contrast: 120,
      saturation: 85,
    });
    expect(parseAudioExample(audioExample({ volume: 0.4, isMuted: false }))).toEqual({ volume: 0.4, isMuted: false });
    expect(parseAudioExample('mute')).toEqual({ isMuted: true });
    for (const effect of VISUAL_EFFECTS) expect(parseEffectExample(effect)).toBe(effect);
    expect(parseEffectExample('Black and white')).toBe('grayscale');
  });
});

describe('prompt subjects', () => {
  it.each([
    ['A paper boat drifting down a rainy street at dusk', 'paper boat'],
    ['Cinematic drone shot of a red fox running through snow', 'red fox'],
    ['Golden retriever puppy playing in the snow', 'golden retriever puppy'],
    ['The old building at night', 'old building'],
    ['', ''],
  ])('%s -> %s', (prompt, subject) => {
    expect(promptSubject(prompt)).toBe(subject);
  });
});

function scriptContext(prompt: string, seconds: number, laterShots: string[] = []): ScriptContext {
  const shotSeconds = seconds / (laterShots.length + 1);
  return { title: 'My video', prompt, seconds, shots: [prompt, ...laterShots].map((shotPrompt) => ({ prompt: shotPrompt, seconds: shotSeconds })) };
}

describe('offline text model: voice-over scripts', () => {
  const model = createOfflineTextModel({ random: seeded(27) });
  const prompts = [
    'A paper boat drifting down a rainy street at dusk, cinematic',
    'Cinematic drone shot of a golden retriever puppy playing in the snow',
    'Neon city streets at night, cyberpunk, fast tracking shot',
    'A 4K #drone shot of a 🚀 rocket launch at sunrise (1950s style) — "liftoff!"',
    '',
  ];

  it('fits the output: at most 2.5 words a second, most of them used, words every voice can say', async () => {
    for (const seconds of [4, 8, 15, 30, 60]) {
      for (const prompt of prompts) {
        const script = await model.draftVoiceoverScript(scriptContext(prompt, seconds));
        const words = scriptWords(script).length;
        expect(draftProblem(script, seconds), script).toBeUndefined();
        expect(words, script).toBeLessThanOrEqual(seconds * 2.5);
        expect(words, script).toBeGreaterThanOrEqual(seconds * 2.5 * 0.6);
        expect(script).toMatch(/^[A-Z].*[.?]$/);
        expect(script).not.toMatch(/\{|\}|undefined|\s{2}|\d/);
      }
    }
  });

  it('still says something over the shortest video', async () => {
    for (const prompt of prompts) {
      const script = await model.draftVoiceoverScript(scriptContext(prompt, 0.5));
      expect(scriptWords(script).length).toBe(1);
      expect(draftProblem(script, 0.5)).toBeUndefined();
    }
  });

  it('is about the prompt’s subject and follows the shots in order', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect(await model.draftVoiceoverScript(scriptContext(prompts[1] ?? '', 4))).toContain('golden retriever puppy');
    }
    for (let i = 0; i < 10; i += 1) {
      const script = await model.draftVoiceoverScript(scriptContext(prompts[0] ?? '', 15));
      expect(script).toContain('a paper boat drifting down a rainy street at dusk');
    }
    const twoShots = await model.draftVoiceoverScript(scriptContext(prompts[0] ?? '', 20, ['A red kite rising over the dunes, golden light']));
    expect(twoShots.indexOf('paper boat')).toBeGreaterThanOrEqual(0);
    expect(twoShots.indexOf('the dunes')).toBeGreaterThan(twoShots.indexOf('paper boat'));
  });

  it('varies its scripts, and a seeded random source gives the same one', async () => {
    const drafts = new Set<string>();
    for (let i = 0; i < 30; i += 1) drafts.add(await model.draftVoiceoverScript(scriptContext(prompts[1] ?? '', 15)));
    expect(drafts.size).toBeGreaterThan(20);
    const again = () => createOfflineTextModel({ random: seeded(5) }).draftVoiceoverScript(scriptContext(prompts[2] ?? '', 30));
    expect(await again()).toBe(await again());
  });
});

describe('voice-over script rules', () => {
  it('sizes a script at 2.5 words a second, at least one word and within the longest script', () => {
    expect(SPOKEN_WORDS_PER_SECOND).toBe(2.5);
    expect(scriptWordLimit(8)).toBe(20);
    expect(scriptWordLimit(0.2)).toBe(1);
    expect(scriptWordLimit(100_000) * 7).toBeLessThanOrEqual(MAX_SCRIPT_CHARACTERS);
  });

  it('names what is wrong with a draft: empty, too long for the video, or marks a voice does not say', () => {
    expect(draftProblem('Wait for it. Then the boat sails away.', 8)).toBeUndefined();
    expect(draftProblem('Numbers like 42 and words like don’t are fine — really.', 8)).toBeUndefined();
    expect(draftProblem('   ', 8)).toBe('empty');
    expect(draftProblem('— …', 8)).toBe('empty');
    expect(draftProblem(Array.from({ length: 21 }, () => 'word').join(' '), 8)).toBe('too-long');
    expect(draftProblem('a'.repeat(MAX_SCRIPT_CHARACTERS + 1), 10_000)).toBe('too-long');
    expect(draftProblem('[Music swells] Hello there.', 8)).toBe('unspoken');
    expect(draftProblem('Hello **there**.', 8)).toBe('unspoken');
    expect(draftProblem('Hello there 🎉', 8)).toBe('unspoken');
    expect(draftProblem('Follow #fyp', 8)).toBe('unspoken');
  });
});
