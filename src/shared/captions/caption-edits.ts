import type { TimedWord } from '../speech/timed-word.ts';
import {
  CAPTION_PRESETS,
  type CaptionLine,
  type CaptionStyle,
  type CaptionTrack,
  type CaptionVoice,
  type CaptionWord,
  DEFAULT_CAPTION_STYLE,
  MAX_CAPTION_WORD_LENGTH,
  captionableWords,
  groupIntoLines,
  trackWords,
} from './caption-track.ts';

/** A caption word's shortest time, so a dragged edge never makes it vanish (one frame at 30 fps). */
const MIN_CAPTION_WORD_SECONDS = 1 / 30;

/**
 * New captions from timed words (seconds on the output timeline), laid out in lines by the style; `voice` names the
 * voice-over they were made from, if they were.
 */
export function newCaptionTrack(words: readonly TimedWord[], ids: () => string, style: CaptionStyle = DEFAULT_CAPTION_STYLE, voice: CaptionVoice | null = null): CaptionTrack {
  return { lines: groupIntoLines(captionableWords(words), style.wordsPerLine, ids), style, voice };
}

/**
 * The style changed: the lines are laid out again when the words per line changed (each word keeps its text,
 * times and emphasis); otherwise they stay as the creator split and merged them.
 */
export function restyleCaptions(track: CaptionTrack, style: CaptionStyle, ids: () => string): CaptionTrack {
  if (style.wordsPerLine === track.style.wordsPerLine) return { ...track, style };
  return { ...track, lines: groupIntoLines(trackWords(track), style.wordsPerLine, ids), style };
}

/** A preset's look, kept where the creator moved the captions to. */
export function presetStyle(presetId: string, current: CaptionStyle): CaptionStyle | null {
  const preset = CAPTION_PRESETS.find((candidate) => candidate.id === presetId);
  return preset ? { ...preset.style, position: current.position } : null;
}

function patchWord(track: CaptionTrack, lineId: string, index: number, patch: (word: CaptionWord) => CaptionWord | null): CaptionTrack | null {
  const line = track.lines.find((candidate) => candidate.id === lineId);
  const word = line?.words[index];
  if (!line || !word) return null;
  const changed = patch(word);
  if (!changed) return null;
  return { ...track, lines: track.lines.map((candidate) => (candidate === line ? { ...line, words: line.words.map((w, at) => (at === index ? changed : w)) } : candidate)) };
}

/** A word's text, corrected; an empty text leaves the word as it was. */
export function editCaptionWord(track: CaptionTrack, lineId: string, index: number, text: string): CaptionTrack | null {
  const trimmed = text.trim().slice(0, MAX_CAPTION_WORD_LENGTH);
  if (trimmed === '') return null;
  return patchWord(track, lineId, index, (word) => (word.text === trimmed ? null : { ...word, text: trimmed }));
}

export function toggleCaptionEmphasis(track: CaptionTrack, lineId: string, index: number): CaptionTrack | null {
  return patchWord(track, lineId, index, (word) => ({ ...word, emphasis: !word.emphasis }));
}

/**
 * One edge of a word dragged to `time`, a frame from its other edge. Dragged into its neighbour, it pushes the
 * neighbour's facing edge along (words never overlap or swap) as far as the neighbour keeps a frame; there both stop.
 */
export function setCaptionWordEdge(track: CaptionTrack, lineId: string, index: number, edge: 'start' | 'end', time: number): CaptionTrack | null {
  const words = trackWords(track);
  const line = track.lines.find((candidate) => candidate.id === lineId);
  const word = line?.words[index];
  if (!line || !word) return null;
  const at = words.indexOf(word);
  const rounded = Math.round(time * 1000) / 1000;
  const changed = new Map<CaptionWord, CaptionWord>();
  if (edge === 'start') {
    const before = words[at - 1];
    const start = Math.min(Math.max(rounded, before ? before.start + MIN_CAPTION_WORD_SECONDS : 0, 0), word.end - MIN_CAPTION_WORD_SECONDS);
    if (start !== word.start) changed.set(word, { ...word, start });
    if (before && before.end > start) changed.set(before, { ...before, end: start });
  } else {
    const after = words[at + 1];
    const end = Math.max(Math.min(rounded, after ? after.end - MIN_CAPTION_WORD_SECONDS : Infinity), word.start + MIN_CAPTION_WORD_SECONDS);
    if (end !== word.end) changed.set(word, { ...word, end });
    if (after && after.start < end) changed.set(after, { ...after, start: end });
  }
  if (changed.size === 0) return null;
  return { ...track, lines: track.lines.map((candidate) => (candidate.words.some((w) => changed.has(w)) ? { ...candidate, words: candidate.words.map((w) => changed.get(w) ?? w) } : candidate)) };
}

/** The line split before word `index` (which starts the new line `newId`). */
export function splitCaptionLine(track: CaptionTrack, lineId: string, index: number, newId: string): CaptionTrack | null {
  const at = track.lines.findIndex((line) => line.id === lineId);
  const line = track.lines[at];
  if (!line || index <= 0 || index >= line.words.length) return null;
  const lines: CaptionLine[] = [...track.lines];
  lines.splice(at, 1, { id: line.id, words: line.words.slice(0, index) }, { id: newId, words: line.words.slice(index) });
  return { ...track, lines };
}

/** The line and the one after it as one line. */
export function mergeCaptionLines(track: CaptionTrack, lineId: string): CaptionTrack | null {
  const at = track.lines.findIndex((line) => line.id === lineId);
  const line = track.lines[at];
  const next = track.lines[at + 1];
  if (!line || !next) return null;
  const lines = [...track.lines];
  lines.splice(at, 2, { id: line.id, words: [...line.words, ...next.words] });
  return { ...track, lines };
}
