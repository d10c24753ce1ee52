import SrtParser from 'srt-parser-2';
import { WebVTTParser } from 'webvtt-parser';
import entities from 'webvtt-parser/html-entities.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { captionsToSrt, captionsToVtt } from './caption-files.ts';
import type { CaptionLine } from './caption-track.ts';

const word = (text: string, start: number, end: number) => ({ text, start, end, emphasis: false });
const LINES: CaptionLine[] = [
  { id: 'a', words: [word('Hello,', 0.5, 0.9), word('world!', 1, 1.4)] },
  { id: 'b', words: [word('Rock', 1.6, 1.9), word('&', 1.95, 2.05), word('<roll>', 2.1, 2.6), word('-->', 2.6, 2.8)] },
  { id: 'c', words: [word('Last', 3661.25, 3661.5)] },
];

describe('captionsToVtt', () => {
  it('writes a file the W3C WebVTT validator (with HTML\'s entities, as the specification has it) reads without an error: one cue per line (held 0.4 s or until the next), a timestamp before each later word', () => {
    const parsed = new WebVTTParser(entities).parse(captionsToVtt(LINES), 'metadata');
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map((cue) => [cue.startTime, cue.endTime])).toEqual([
      [0.5, 1.6],
      [1.6, 3.2],
      [3661.25, 3661.9],
    ]);
    const spoken = parsed.cues[0]!.tree.children!.map((node) => (node.type === 'timestamp' ? `@${String(node.value)}` : String(node.value)));
    expect(spoken).toEqual(['Hello, ', '@1', 'world!']);
    // Markup characters are text, not tags.
    const second = parsed.cues[1]!.tree.children!.filter((node) => node.type === 'text').map((node) => node.value).join('');
    expect(second).toBe('Rock & <roll> ->');
  });
});

describe('captionsToSrt', () => {
  it('writes numbered cues an SRT parser reads back with the same times and words', () => {
    const cues = new SrtParser().fromSrt(captionsToSrt(LINES));
    expect(cues.map((cue) => [cue.id, cue.startSeconds, cue.endSeconds, cue.text])).toEqual([
      ['1', 0.5, 1.6, 'Hello, world!'],
      ['2', 1.6, 3.2, 'Rock & <roll> ->'],
      ['3', 3661.25, 3661.9, 'Last'],
    ]);
    expect(captionsToSrt(LINES)).toContain('01:01:01,250 --> 01:01:01,900');
  });
});
