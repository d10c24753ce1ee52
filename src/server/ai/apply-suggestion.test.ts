import { describe, expect, it } from 'vitest';
import { type EditorState, defaultEditorState, editorStateSchema, newShot, newTextOverlay, outputDuration } from '../../shared/editor/editor-state.ts';
import { sequenceSound } from '../../shared/editor/sequence-controls.ts';
import { type Suggestion, videoContextSchema } from '../../shared/schemas/ai.ts';
import { applySuggestion } from './apply-suggestion.ts';
import { sameEdit, usefulSuggestions } from './useful-suggestions.ts';

const video = { title: 'Sunset skate session', duration: 30 };
const ids = () => 'new-overlay';
const suggest = (type: Suggestion['type'], description: string, example?: string): Suggestion => ({ type, title: 'Tip', description, example });
/** The first shot's cut of the project's clip: the editor's trim. */
const trimOf = (state: EditorState) => ({ start: state.shots[0]?.in, end: state.shots[0]?.out });

describe('applySuggestion', () => {
  const base = defaultEditorState('project-1', 30);

  it('adds a hook overlay in the top third with a bold outline, from the example', () => {
    const next = applySuggestion(suggest('text-overlay', 'Open with a hook', 'Wait for the last trick'), base, video, ids);
    expect(next.textOverlays).toEqual([
      expect.objectContaining({ id: 'new-overlay', text: 'WAIT FOR THE LAST TRICK', fontSize: 64, position: { x: 50, y: 22 }, outline: { color: '#000000', thickness: 6 } }),
    ]);
    expect(applySuggestion(suggest('text-overlay', 'Open with a hook', 'Wait for the last trick'), next, video, ids).textOverlays).toHaveLength(1);
  });

  it.each([
    ['Open with a hook', undefined, { y: 22, start: 0, end: 3 }],
    ['Add a hook in the first second: put it in the top third', 'Wait for it', { y: 22, start: 0, end: 3 }],
    ['Your hook is in place. A second line in the lower third that asks something', 'Which one?', { y: 72, start: 0, end: 30 }],
    ['Add a second line in the lower third', 'Watch till the end', { y: 72, start: 0, end: 30 }],
    ['Put a caption in the middle for the first 5 seconds', 'Big news', { y: 50, start: 0, end: 5 }],
    ['End with a call to action', 'Follow for part 2', { y: 22, start: 27, end: 30 }],
    ['Show the price for the last 4 seconds at the bottom', '$9 only', { y: 72, start: 26, end: 30 }],
  ])('places the text where and when its words say: %s', (description, example, placed) => {
    const [overlay] = applySuggestion(suggest('text-overlay', description, example), base, video, ids).textOverlays;
    expect({ y: overlay?.position.y, start: overlay?.start, end: overlay?.end }).toEqual(placed);
  });

  it('never puts it over a text already there at the same time: the nearest free height instead', () => {
    const hook = { ...newTextOverlay('hook', 30), text: 'MY HOOK', position: { x: 50, y: 25 }, start: 0, end: 30 };
    const withHook = { ...base, textOverlays: [hook] };
    const [, added] = applySuggestion(suggest('text-overlay', 'Open with a hook', 'Wait for it'), withHook, video, ids).textOverlays;
    expect(added?.position.y).toBe(35);
    // The creator's lower-third caption for the first half: a suggested lower-third line in the second half keeps its place.
    const caption = { ...hook, position: { x: 50, y: 72 }, start: 0, end: 15 };
    const [, later] = applySuggestion(suggest('text-overlay', 'A line in the lower third for the last 10 seconds', 'Part 2 soon'), { ...base, textOverlays: [caption] }, video, ids).textOverlays;
    expect(later).toMatchObject({ position: { y: 72 }, start: 20, end: 30 });
  });

  it('falls back to the title for the hook and keeps it short', () => {
    const next = applySuggestion(suggest('text-overlay', 'Add a title card'), base, { ...video, title: 'x'.repeat(80) }, ids);
    expect(next.textOverlays[0]?.text.length).toBeLessThanOrEqual(40);
  });

  it.each([
    ['Try a black and white look for drama', 'grayscale'],
    ['A warm sepia tone feels nostalgic', 'sepia'],
    ['Give it a retro film feel', 'vintage'],
    ['A dreamy blur on the intro', 'blur'],
    ['Add an effect', 'vintage'],
  ])('picks the effect a suggestion names: %s', (description, effect) => {
    expect(applySuggestion(suggest('effect', description), base, video, ids).visualEffect).toBe(effect);
  });

  it('trims to the length a suggestion names, or cuts the slow first beat', () => {
    expect(trimOf(applySuggestion(suggest('trim', 'Keep the best 12 seconds'), base, video, ids))).toEqual({ start: 0, end: 12 });
    expect(trimOf(applySuggestion(suggest('trim', 'Tighten the pacing'), base, video, ids))).toEqual({ start: 0, end: 15 });
    const short = defaultEditorState('project-1', 8);
    expect(trimOf(applySuggestion(suggest('trim', 'Tighten the pacing'), short, { ...video, duration: 8 }, ids))).toEqual({ start: 0.5, end: 8 });
  });

  it('reads the concrete value from the example formats both text engines write', () => {
    expect(trimOf(applySuggestion(suggest('trim', 'Cut the slow start', '0.5s–8s'), base, video, ids))).toEqual({ start: 0.5, end: 8 });
    expect(applySuggestion(suggest('effect', 'Set the mood', 'grayscale'), base, video, ids).visualEffect).toBe('grayscale');
    expect(applySuggestion(suggest('grade', 'Pop the colours', 'brightness 103%, contrast 112%, saturation 118%'), base, video, ids).colorGrading).toEqual({
      brightness: 103,
      contrast: 112,
      saturation: 118,
    });
    expect(sequenceSound(applySuggestion(suggest('audio', 'Let the captions carry it', 'volume 40%'), base, video, ids))).toEqual({ volume: 0.4, muted: false });
    expect(sequenceSound(applySuggestion(suggest('audio', 'Let the captions carry it', 'mute'), base, video, ids)).muted).toBe(true);
  });

  it('grades and sets audio from the suggestion, always within the sliders', () => {
    expect(applySuggestion(suggest('grade', 'Warm golden tones'), base, video, ids).colorGrading).toEqual({ brightness: 105, contrast: 115, saturation: 130 });
    expect(sequenceSound(applySuggestion(suggest('audio', 'Mute the original sound'), base, video, ids))).toEqual({ volume: 1, muted: true });
    expect(sequenceSound(applySuggestion(suggest('audio', 'Lower the background sound'), base, video, ids))).toEqual({ volume: 0.6, muted: false });
  });

  it('holds the hook to its own clip, however long the project’s clip is', () => {
    const long = { ...newShot('long', 'asset-long', 20) };
    const sequence: EditorState = { ...base, shots: [long, base.shots[0]!] };
    const clips = { 'asset-long': 20 };
    expect(trimOf(applySuggestion(suggest('trim', 'Cut the slow start', '2s–18s'), sequence, { ...video, duration: 8, clips }, ids))).toEqual({ start: 2, end: 18 });
    expect(trimOf(applySuggestion(suggest('trim', 'Keep the best 16 seconds'), sequence, { ...video, duration: 8, clips }, ids))).toEqual({ start: 0, end: 16 });
  });

  it('on a sequence of shots: trims the first shot (the hook), sets every shot’s sound, and times text on the output', () => {
    const second = { ...newShot('shot-2', 'asset-2', 6), volume: 0.8, transition: { kind: 'crossfade' as const, duration: 1 } };
    const sequence: EditorState = { ...base, shots: [...base.shots, second] };
    expect(outputDuration(sequence)).toBe(35);

    const trimmed = applySuggestion(suggest('trim', 'Cut the slow start', '0.5s–8s'), sequence, video, ids);
    expect(trimmed.shots).toEqual([{ ...base.shots[0], in: 0.5, out: 8 }, second]);
    const muted = applySuggestion(suggest('audio', 'Mute the original sound'), sequence, video, ids);
    expect(muted.shots.map(({ volume, muted }) => ({ volume, muted }))).toEqual([{ volume: 1, muted: true }, { volume: 0.8, muted: true }]);
    const [cta] = applySuggestion(suggest('text-overlay', 'End with a call to action', 'Follow for part 2'), sequence, video, ids).textOverlays;
    expect(cta).toMatchObject({ start: 32, end: 35 });
  });

  it('always returns a state the schema (and so the export) accepts, without changing its input', () => {
    const before = structuredClone(base);
    for (const type of ['text-overlay', 'effect', 'trim', 'grade', 'audio'] as const) {
      expect(editorStateSchema.safeParse(applySuggestion(suggest(type, 'Do it'), base, video, ids)).success).toBe(true);
    }
    expect(base).toEqual(before);
  });
});

describe('usefulSuggestions', () => {
  const context = (fields: object) => videoContextSchema.parse({ title: 'Skate', prompt: 'A skater at sunset', aspectRatio: '9:16', duration: 30, ...fields });
  const offered = [
    suggest('effect', 'Go monochrome', 'grayscale'),
    suggest('audio', 'Make room for music', 'volume 40%'),
    suggest('text-overlay', 'Open with a hook', 'Wait for it'),
    suggest('trim', 'Keep it all', '0s–30s'),
  ];

  it('keeps only what would change the edit within its rules', () => {
    expect(usefulSuggestions(offered, context({}))).toEqual(offered.slice(0, 3));
    const full = Array.from({ length: 50 }, (_, i) => ({ ...newTextOverlay(`o${String(i)}`, 8), text: `Line ${String(i)}` }));
    expect(usefulSuggestions(offered, context({ visualEffect: 'grayscale', audio: { volume: 0.4, isMuted: false }, textOverlays: full }))).toEqual([]);
  });

  it('compares edits without their overlays’ ids', () => {
    const hook = suggest('text-overlay', 'Open with a hook', 'Wait for it');
    const plain = defaultEditorState('project-1', 30);
    const a = applySuggestion(hook, plain, video, () => 'a');
    const b = applySuggestion(hook, plain, video, () => 'b');
    expect(sameEdit(a, b)).toBe(true);
    expect(sameEdit(a, plain)).toBe(false);
  });
});
