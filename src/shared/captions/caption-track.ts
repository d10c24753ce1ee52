import { z } from 'zod';
import { FONT_FAMILIES, RANGES } from '../editor/editor-constants.ts';
import type { TimedWord } from '../speech/timed-word.ts';

/**
 * How a caption line shows its words: karaoke (the whole line, the spoken word highlighted), pop (each word
 * appears as it is spoken, scaling in), word (one word at a time), boxed (the line on a box, the spoken word
 * highlighted), plain (the line as subtitles, no highlight).
 */
const CAPTION_LOOKS = ['karaoke', 'pop', 'word', 'boxed', 'plain'] as const;
export type CaptionLook = (typeof CAPTION_LOOKS)[number];

/** Most caption words a track holds (a 148 s short at a fast 3.5 words a second is about 520). */
const MAX_CAPTION_WORDS = 1000;
export const MAX_CAPTION_WORD_LENGTH = 40;
export const CAPTION_RANGES = {
  wordsPerLine: { min: 1, max: 8, step: 1 },
  backgroundOpacity: { min: 0, max: 1, step: 0.05 },
} as const;
/** What the boxed look draws behind its rows when the style sets no background. */
export const BOXED_BACKGROUND = { color: '#000000', opacity: 0.7 } as const;
/** A line stays up this long after its last word ends, unless the next line starts sooner. */
export const CAPTION_HOLD_SECONDS = 0.4;
/** A pop word scales in over this long from POP_START_SCALE. */
export const POP_SECONDS = 0.12;
export const POP_START_SCALE = 0.7;
/** A pause this long between two words starts a new line. */
const LINE_BREAK_PAUSE_SECONDS = 0.6;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colours are #RRGGBB');
const between = (range: { min: number; max: number }) => z.number().min(range.min).max(range.max);

/** A word on the output timeline (seconds); `emphasis` draws it in the style's emphasis colour. */
const captionWordSchema = z
  .object({
    text: z.string().min(1, 'A caption word cannot be empty').max(MAX_CAPTION_WORD_LENGTH, `A caption word holds at most ${MAX_CAPTION_WORD_LENGTH} characters`),
    start: z.number().min(0, 'A caption word starts at 0 s or later'),
    end: z.number(),
    emphasis: z.boolean(),
  })
  .strict()
  .refine((word) => word.end > word.start, { message: 'A caption word must end after it starts', path: ['end'] });
export type CaptionWord = z.infer<typeof captionWordSchema>;

const captionLineSchema = z
  .object({ id: z.string().min(1).max(64), words: z.array(captionWordSchema).min(1, 'A caption line holds at least one word') })
  .strict();
export type CaptionLine = z.infer<typeof captionLineSchema>;

export const captionStyleSchema = z
  .object({
    look: z.enum(CAPTION_LOOKS),
    fontFamily: z.enum(FONT_FAMILIES),
    /** Reference px (short side 1080), as text overlays' sizes are. */
    fontSize: between(RANGES.fontSize),
    color: hexColor,
    highlightColor: hexColor,
    emphasisColor: hexColor,
    outline: z.object({ color: hexColor, thickness: between(RANGES.outlineThickness) }).strict(),
    /** A box behind each row of the line; the boxed look draws BOXED_BACKGROUND when this is null. */
    background: z.object({ color: hexColor, opacity: between(CAPTION_RANGES.backgroundOpacity) }).strict().nullable(),
    /** The centre of the line, in percent of the frame. */
    position: z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) }).strict(),
    /** The widest a row may be before the line wraps, in percent of the frame's width. */
    boxWidth: between(RANGES.boxWidth),
    wordsPerLine: z.number().int().min(CAPTION_RANGES.wordsPerLine.min).max(CAPTION_RANGES.wordsPerLine.max),
    upperCase: z.boolean(),
  })
  .strict();
export type CaptionStyle = z.infer<typeof captionStyleSchema>;

/**
 * The voice-over captions were made from (version 6): its clip on the voice lane and the recording the words came
 * from. Such captions follow the voice-over: only the words its clip plays are shown (voice-captions.ts), and a new
 * recording in the clip re-times them. Null for captions from a script or a transcription.
 */
const captionVoiceSchema = z.object({ clipId: z.string().min(1).max(64), mediaId: z.string().min(1).max(64) }).strict();
export type CaptionVoice = z.infer<typeof captionVoiceSchema>;

/** The captions of a sequence: lines of timed words on the output timeline, in order, and how they look. */
export const captionTrackSchema = z
  .object({ lines: z.array(captionLineSchema), style: captionStyleSchema, voice: captionVoiceSchema.nullable() })
  .strict()
  .refine((track) => track.lines.reduce((sum, line) => sum + line.words.length, 0) <= MAX_CAPTION_WORDS, `Captions hold at most ${MAX_CAPTION_WORDS} words`);
export type CaptionTrack = z.infer<typeof captionTrackSchema>;

const BASE_STYLE: CaptionStyle = {
  look: 'karaoke',
  fontFamily: 'Montserrat',
  fontSize: 64,
  color: '#FFFFFF',
  highlightColor: '#FFD700',
  emphasisColor: '#22C55E',
  outline: { color: '#000000', thickness: 6 },
  background: null,
  position: { x: 50, y: 72 },
  boxWidth: 86,
  wordsPerLine: 3,
  upperCase: true,
};

/** The common looks, for people: each a whole style the creator can start from. */
export const CAPTION_PRESETS: ReadonlyArray<{ id: string; name: string; style: CaptionStyle }> = [
  { id: 'karaoke', name: 'Karaoke', style: BASE_STYLE },
  { id: 'pop', name: 'Pop', style: { ...BASE_STYLE, look: 'pop', fontFamily: 'Anton', fontSize: 72, highlightColor: '#FFFFFF', wordsPerLine: 3 } },
  { id: 'one-word', name: 'One word', style: { ...BASE_STYLE, look: 'word', fontFamily: 'Impact', fontSize: 96, wordsPerLine: 1, position: { x: 50, y: 50 } } },
  {
    id: 'boxed',
    name: 'Boxed',
    style: { ...BASE_STYLE, look: 'boxed', fontFamily: 'Roboto Condensed', fontSize: 54, outline: { color: '#000000', thickness: 0 }, background: { color: '#000000', opacity: 0.7 }, wordsPerLine: 4 },
  },
  {
    id: 'subtitles',
    name: 'Subtitles',
    style: { ...BASE_STYLE, look: 'plain', fontFamily: 'Roboto Condensed', fontSize: 44, outline: { color: '#000000', thickness: 3 }, position: { x: 50, y: 84 }, wordsPerLine: 7, upperCase: false },
  },
];

export const DEFAULT_CAPTION_STYLE: CaptionStyle = BASE_STYLE;

/**
 * Words grouped into lines of at most `wordsPerLine`, a new line after a sentence's end and at a pause: how
 * captions are first laid out, and again when the creator changes the words per line. `ids` names the lines.
 */
export function groupIntoLines(words: ReadonlyArray<TimedWord & { emphasis?: boolean }>, wordsPerLine: number, ids: () => string): CaptionLine[] {
  const lines: CaptionLine[] = [];
  let current: CaptionWord[] = [];
  const close = () => {
    if (current.length > 0) lines.push({ id: ids(), words: current });
    current = [];
  };
  for (const [index, word] of words.entries()) {
    const previous = words[index - 1];
    if (previous && (current.length >= wordsPerLine || /[.!?…]["”’)]*$/u.test(previous.text) || word.start - previous.end >= LINE_BREAK_PAUSE_SECONDS)) close();
    current.push({ text: word.text, start: word.start, end: word.end, emphasis: word.emphasis ?? false });
  }
  close();
  return lines;
}

/** Timed words as captions hold them: trimmed and cut to MAX_CAPTION_WORD_LENGTH, the empty and untimed left out. */
export function captionableWords(words: readonly TimedWord[]): TimedWord[] {
  return words
    .filter((word) => word.text.trim() !== '' && word.end > word.start && word.start >= 0)
    .map((word) => ({ ...word, text: word.text.trim().slice(0, MAX_CAPTION_WORD_LENGTH) }));
}

/** Every word of the track, in order. */
export function trackWords(track: Pick<CaptionTrack, 'lines'>): CaptionWord[] {
  return track.lines.flatMap((line) => line.words);
}

/** When a line is on screen: from its first word's start until the next line starts or its hold runs out. */
export function lineSpan(lines: readonly CaptionLine[], index: number): { start: number; end: number } {
  const line = lines[index];
  if (!line) return { start: 0, end: 0 };
  const start = line.words[0]?.start ?? 0;
  const last = line.words[line.words.length - 1]?.end ?? start;
  const next = lines[index + 1]?.words[0]?.start ?? Infinity;
  return { start, end: Math.min(last + CAPTION_HOLD_SECONDS, Math.max(next, last)) };
}

/** The line on screen at `t` seconds of the output (the later one where two touch), or undefined. */
export function lineAt(lines: readonly CaptionLine[], t: number): { line: CaptionLine; index: number } | undefined {
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const span = lineSpan(lines, index);
    if (t >= span.start && t < span.end) return { line: lines[index]!, index };
  }
  return undefined;
}

/** The word being spoken at `t` in a shown line: the last one that has started (-1 before the first). */
export function spokenWordIndex(line: CaptionLine, t: number): number {
  let spoken = -1;
  for (const [index, word] of line.words.entries()) if (word.start <= t) spoken = index;
  return spoken;
}

/** The text a word is drawn with. */
export function shownText(word: Pick<CaptionWord, 'text'>, style: Pick<CaptionStyle, 'upperCase'>): string {
  return style.upperCase ? word.text.toLocaleUpperCase() : word.text;
}
