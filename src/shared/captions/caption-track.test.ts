import { describe, expect, it } from 'vitest';
import { CAPTION_HOLD_SECONDS, CAPTION_PRESETS, captionTrackSchema, groupIntoLines, lineAt, lineSpan, spokenWordIndex } from './caption-track.ts';

const timed = (texts: string[], gaps: Record<number, number> = {}) => {
  let t = 0;
  return texts.map((text, index) => {
    t += gaps[index] ?? 0;
    const word = { text, start: t, end: t + 0.3 };
    t += 0.35;
    return word;
  });
};

function counter(): () => string {
  let n = 0;
  return () => `line-${String((n += 1))}`;
}

describe('groupIntoLines', () => {
  it('fills lines up to the words per line, and starts a new one after a sentence ends or at a pause', () => {
    const words = timed(['One', 'two', 'three', 'four.', 'Five', 'six', 'seven', 'eight'], { 6: 0.7 });
    const lines = groupIntoLines(words, 3, counter());
    expect(lines.map((line) => line.words.map((word) => word.text).join(' '))).toEqual(['One two three', 'four.', 'Five six', 'seven eight']);
    expect(lines.map((line) => line.id)).toEqual(['line-1', 'line-2', 'line-3', 'line-4']);
    expect(lines[0]!.words[0]).toEqual({ text: 'One', start: 0, end: 0.3, emphasis: false });
  });
});

describe('when lines and words show', () => {
  const lines = groupIntoLines(timed(['A', 'B', 'C', 'D'], { 2: 2 }), 2, counter());

  it('shows a line from its first word until the next line starts or its hold runs out', () => {
    expect(lineSpan(lines, 0)).toEqual({ start: 0, end: 0.35 + 0.3 + CAPTION_HOLD_SECONDS });
    expect(lineAt(lines, 0)?.index).toBe(0);
    expect(lineAt(lines, 1.04)?.index).toBe(0);
    expect(lineAt(lines, 1.1)).toBeUndefined();
    expect(lineAt(lines, 2.7)?.index).toBe(1);
    expect(lineAt(lines, -0.01)).toBeUndefined();
  });

  it('highlights the last word that has started', () => {
    expect(spokenWordIndex(lines[0]!, 0)).toBe(0);
    expect(spokenWordIndex(lines[0]!, 0.34)).toBe(0);
    expect(spokenWordIndex(lines[0]!, 0.35)).toBe(1);
    expect(spokenWordIndex(lines[1]!, 0)).toBe(-1);
  });
});

describe('captionTrackSchema', () => {
  it('takes every preset, and refuses a word that ends before it starts', () => {
    for (const preset of CAPTION_PRESETS) expect(captionTrackSchema.safeParse({ lines: [], style: preset.style, voice: null }).success, preset.id).toBe(true);
    const bad = captionTrackSchema.safeParse({ lines: [{ id: 'l', words: [{ text: 'x', start: 2, end: 1, emphasis: false }] }], style: CAPTION_PRESETS[0]!.style, voice: null });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('A caption word must end after it starts');
  });
});
