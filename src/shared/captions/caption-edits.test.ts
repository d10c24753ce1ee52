import { describe, expect, it } from 'vitest';
import { editCaptionWord, mergeCaptionLines, newCaptionTrack, presetStyle, restyleCaptions, setCaptionWordEdge, splitCaptionLine, toggleCaptionEmphasis } from './caption-edits.ts';
import { CAPTION_PRESETS, DEFAULT_CAPTION_STYLE } from './caption-track.ts';

function ids(): () => string {
  let n = 0;
  return () => `line-${String((n += 1))}`;
}

const WORDS = ['One', 'two', 'three', 'four', 'five'].map((text, index) => ({ text, start: index * 0.4, end: index * 0.4 + 0.3 }));
const texts = (track: { lines: Array<{ words: Array<{ text: string }> }> }) => track.lines.map((line) => line.words.map((word) => word.text).join(' '));

describe('caption edits', () => {
  it('makes lines of the style’s words per line, dropping empty and backwards words', () => {
    const track = newCaptionTrack([...WORDS, { text: ' ', start: 3, end: 3.2 }, { text: 'x', start: 4, end: 3.9 }], ids());
    expect(texts(track)).toEqual(['One two three', 'four five']);
    expect(track.style).toBe(DEFAULT_CAPTION_STYLE);
  });

  it('lays the lines out again only when the words per line change, keeping each word’s edits', () => {
    const track = newCaptionTrack(WORDS, ids());
    const emphasised = toggleCaptionEmphasis(track, 'line-1', 1)!;
    expect(restyleCaptions(emphasised, { ...emphasised.style, color: '#FF0000' }, ids()).lines).toBe(emphasised.lines);
    const two = restyleCaptions(emphasised, { ...emphasised.style, wordsPerLine: 2 }, ids());
    expect(texts(two)).toEqual(['One two', 'three four', 'five']);
    expect(two.lines[0]!.words[1]!.emphasis).toBe(true);
  });

  it('takes a preset’s look but keeps the captions where they were moved', () => {
    const moved = { ...DEFAULT_CAPTION_STYLE, position: { x: 40, y: 30 } };
    expect(presetStyle('boxed', moved)).toEqual({ ...CAPTION_PRESETS.find((preset) => preset.id === 'boxed')!.style, position: { x: 40, y: 30 } });
    expect(presetStyle('nope', moved)).toBeNull();
  });

  it('corrects a word’s text, and ignores an empty correction', () => {
    const track = newCaptionTrack(WORDS, ids());
    expect(texts(editCaptionWord(track, 'line-1', 2, '  Three! ')!)).toEqual(['One two Three!', 'four five']);
    expect(editCaptionWord(track, 'line-1', 2, '  ')).toBeNull();
    expect(editCaptionWord(track, 'line-9', 0, 'x')).toBeNull();
  });

  it('pushes the neighbour a dragged word edge runs into, down to its shortest length, and no further', () => {
    const track = newCaptionTrack(WORDS, ids());
    // 'two' is 0.4–0.7; 'One' is 0–0.3 and 'three' 0.8–1.1.
    const earlier = setCaptionWordEdge(track, 'line-1', 1, 'start', 0.2)!;
    expect(earlier.lines[0]!.words[1]).toMatchObject({ start: 0.2, end: 0.7 });
    expect(earlier.lines[0]!.words[0]).toMatchObject({ start: 0, end: 0.2 });
    // As far as 'One' keeps a frame: the dragged edge stops there too.
    const farther = setCaptionWordEdge(track, 'line-1', 1, 'start', -1)!;
    expect(farther.lines[0]!.words[0]!.end).toBeCloseTo(1 / 30, 9);
    expect(farther.lines[0]!.words[1]!.start).toBeCloseTo(1 / 30, 9);
    const later = setCaptionWordEdge(track, 'line-1', 1, 'end', 2)!;
    expect(later.lines[0]!.words[1]!.end).toBeCloseTo(1.1 - 1 / 30, 9);
    expect(later.lines[0]!.words[2]!.start).toBeCloseTo(1.1 - 1 / 30, 9);
    expect(later.lines[0]!.words[2]!.end).toBe(1.1);
    // A word's own edges stay a frame apart.
    expect(setCaptionWordEdge(track, 'line-1', 1, 'end', 0)!.lines[0]!.words[1]!.end).toBeCloseTo(0.4 + 1 / 30, 9);
    // Across lines too: 'four' (line 2) pushes the end of 'three' (line 1).
    const across = setCaptionWordEdge(track, 'line-2', 0, 'start', 1)!;
    expect(across.lines[1]!.words[0]!.start).toBe(1);
    expect(across.lines[0]!.words[2]).toMatchObject({ start: 0.8, end: 1 });
    // Into a gap, nothing else moves.
    const gap = setCaptionWordEdge(track, 'line-1', 1, 'start', 0.35)!;
    expect(gap.lines[0]!.words[0]).toBe(track.lines[0]!.words[0]);
  });

  it('splits a line before a word and merges a line with the next', () => {
    const track = newCaptionTrack(WORDS, ids());
    const split = splitCaptionLine(track, 'line-1', 1, 'line-new')!;
    expect(texts(split)).toEqual(['One', 'two three', 'four five']);
    expect(split.lines.map((line) => line.id)).toEqual(['line-1', 'line-new', 'line-2']);
    expect(splitCaptionLine(track, 'line-1', 0, 'x')).toBeNull();
    expect(texts(mergeCaptionLines(split, 'line-new')!)).toEqual(['One', 'two three four five']);
    expect(mergeCaptionLines(split, 'line-2')).toBeNull();
  });
});
