import { describe, expect, it } from 'vitest';
import { MAX_OVERLAY_LINES, MAX_OVERLAY_TEXT, RANGES } from './editor-constants.ts';
import {
  clampToRange,
  clampTrim,
  defaultEditorState,
  editorStateSchema,
  fitOverlayText,
  newTextOverlay,
  overlayLines,
} from './editor-state.ts';
import { cssFilter, referenceScale } from './looks.ts';

describe('editor state model', () => {
  it('gives new overlays the defaults of SPEC §3, shown for the whole output in an 80 % box, without animation', () => {
    expect(newTextOverlay('a', 8)).toEqual({
      id: 'a',
      text: 'Click to style',
      fontSize: 48,
      color: '#FFFFFF',
      position: { x: 50, y: 50 },
      fontFamily: 'Impact',
      textAlign: 'center',
      lineHeight: 1.2,
      outline: { color: '#000000', thickness: 3 },
      start: 0,
      end: 8,
      boxWidth: 80,
      enter: { kind: 'none', duration: 0.5 },
      exit: { kind: 'none', duration: 0.5 },
    });
  });

  it('accepts a default state and one with an overlay, and refuses broken shapes', () => {
    const state = defaultEditorState('project-1', 8);
    const shot = state.shots[0]!;
    expect(editorStateSchema.parse(state)).toEqual(state);
    expect(editorStateSchema.safeParse({ ...state, textOverlays: [newTextOverlay('a', 8)] }).success).toBe(true);
    const broken = [
      { ...state, visualEffect: 'sparkles' },
      { ...state, shots: [] },
      { ...state, shots: [{ ...shot, in: 5, out: 2 }] },
      { ...state, shots: [{ ...shot, in: -1, out: 2 }] },
      { ...state, shots: [{ ...shot, volume: 2 }] },
      { ...state, shots: [{ ...shot, transition: { kind: 'spin', duration: 0.5 } }] },
      { ...state, shots: [shot, { ...shot, transition: { kind: 'crossfade', duration: 3 } }] },
      { ...state, trim: { start: 0, end: 2 } },
      { ...state, colorGrading: { brightness: 201, contrast: 100, saturation: 100 } },
      { ...state, textOverlays: [{ ...newTextOverlay('a', 8), fontSize: 200 }] },
      { ...state, textOverlays: [{ ...newTextOverlay('a', 8), color: 'red; background:url(x)' }] },
      { ...state, textOverlays: [{ ...newTextOverlay('a', 8), fontFamily: 'Comic Sans MS' }] },
      { ...state, extra: true },
    ];
    for (const candidate of broken) expect(editorStateSchema.safeParse(candidate).success).toBe(false);
  });

  it('breaks overlay text only at line feeds, as white-space: pre does', () => {
    expect(overlayLines('one\ntwo\r\nthree\rfour')).toEqual(['one', 'two', 'three', 'four']);
    expect(overlayLines('no break  here')).toEqual(['no break  here']);
    expect(overlayLines('a\n\nb')).toEqual(['a', '', 'b']);
  });

  it(`bounds an overlay to ${MAX_OVERLAY_LINES} lines and ${MAX_OVERLAY_TEXT} characters, and fits text to them`, () => {
    const overlayWith = (text: string) => ({ ...defaultEditorState('project-1', 8), textOverlays: [{ ...newTextOverlay('a', 8), text }] });
    const tenLines = Array.from({ length: MAX_OVERLAY_LINES }, (_, i) => `line ${i}`).join('\n');
    expect(editorStateSchema.safeParse(overlayWith(tenLines)).success).toBe(true);
    expect(editorStateSchema.safeParse(overlayWith(`${tenLines}\r\nmore`)).success).toBe(false);
    expect(editorStateSchema.safeParse(overlayWith('x'.repeat(MAX_OVERLAY_TEXT + 1))).success).toBe(false);
    expect(fitOverlayText(`${tenLines}\nmore\nand more`)).toBe(tenLines);
    expect(fitOverlayText('x'.repeat(MAX_OVERLAY_TEXT + 9))).toHaveLength(MAX_OVERLAY_TEXT);
    expect(fitOverlayText('keeps\r\nits breaks')).toBe('keeps\r\nits breaks');
  });

  it.each([
    ['fontSize', 47, 48],
    ['fontSize', 5, 12],
    ['fontSize', 500, 120],
    ['lineHeight', 1.23, 1.2],
    ['lineHeight', 9, 2.5],
    ['outlineThickness', -3, 0],
    ['outlineThickness', 10.4, 10],
    ['grade', 250, 200],
    ['grade', 99.6, 100],
    ['volume', 0.123, 0.12],
    ['volume', 1.5, 1],
  ] as const)('clamps %s %d to %d', (range, value, expected) => {
    expect(clampToRange(value, RANGES[range])).toBe(expected);
  });

  it('keeps trim within 0..length with end after start', () => {
    expect(clampTrim({ start: -2, end: 20 }, 8)).toEqual({ start: 0, end: 8 });
    expect(clampTrim({ start: 6, end: 3 }, 8)).toEqual({ start: 3, end: 3 });
  });
});

describe('looks', () => {
  const neutral = { brightness: 100, contrast: 100, saturation: 100 };
  it.each([
    ['none', 'none'],
    ['grayscale', 'grayscale(1)'],
    ['sepia', 'sepia(1)'],
    ['vintage', 'sepia(0.45) contrast(1.1) brightness(0.95) saturate(0.85)'],
    ['blur', 'blur(8px)'],
  ] as const)('%s is %s on the reference frame', (effect, filter) => {
    expect(cssFilter(neutral, effect, 1)).toBe(filter);
  });

  it('puts the grade before the effect and scales the blur to the frame', () => {
    expect(cssFilter({ brightness: 120, contrast: 80, saturation: 150 }, 'blur', referenceScale(360, 640))).toBe(
      'brightness(120%) contrast(80%) saturate(150%) blur(2.67px)',
    );
  });
});
