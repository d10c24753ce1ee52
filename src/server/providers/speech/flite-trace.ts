import type { TimedWord } from './speech.ts';

/** One phone (or pause, `pau`) of Flite's `-psdur` trace, in seconds into the whole output. */
export interface FliteSegment {
  phone: string;
  start: number;
  end: number;
}

/**
 * Reads Flite's `-psdur` trace: a line per utterance of `phone:end` pairs, each end in seconds from the
 * utterance's start. The utterances' audio is concatenated, so each line is offset by the ones before it.
 * `durationSeconds` (the WAV's own length) rescales the times: Flite rounds each utterance's length to whole
 * samples, which would otherwise drift by a few milliseconds per sentence.
 */
export function parseFliteTrace(trace: string, durationSeconds?: number): FliteSegment[] {
  const segments: FliteSegment[] = [];
  let offset = 0;
  for (const line of trace.split('\n')) {
    let start = offset;
    for (const pair of line.trim().split(/\s+/).filter(Boolean)) {
      const colon = pair.lastIndexOf(':');
      const end = offset + Number(pair.slice(colon + 1));
      if (colon < 1 || !Number.isFinite(end)) continue;
      segments.push({ phone: pair.slice(0, colon), start, end: Math.max(start, end) });
      start = Math.max(start, end);
    }
    offset = start;
  }
  const traced = segments.at(-1)?.end ?? 0;
  if (durationSeconds !== undefined && traced > 0) {
    const scale = durationSeconds / traced;
    for (const segment of segments) {
      segment.start *= scale;
      segment.end *= scale;
    }
  }
  return segments;
}

/** The phones between pauses, in order: for a trace whose words were each followed by a pause. */
export function phoneGroups(segments: readonly FliteSegment[]): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  for (const { phone } of segments) {
    if (phone === 'pau') {
      if (current.length > 0) groups.push(current);
      current = [];
    } else current.push(phone);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * Times each caption word in the script's own synthesis. `wordPhones[k]` is what Flite says for word k on its
 * own; the script's phones are matched to their concatenation by edit distance (a word said in context can
 * lose or change a phone: "the" is "dh ax" alone, "dh iy" before a vowel), so each spoken phone belongs to
 * one word, and a word runs from its first phone's start to its last phone's end. A word with no phone (Flite
 * said nothing for it) gets an empty span where it falls.
 */
export function timeWords(words: readonly string[], wordPhones: readonly string[][], segments: readonly FliteSegment[]): TimedWord[] {
  const spoken = segments.filter((segment) => segment.phone !== 'pau');
  const expected: Array<{ phone: string; word: number }> = wordPhones.flatMap((phones, word) => phones.map((phone) => ({ phone, word })));
  const owner = matchPhones(
    expected.map((entry) => entry.phone),
    spoken.map((segment) => segment.phone),
  ).map((index) => (index === undefined ? undefined : expected[index]!.word));

  // A spoken phone with no counterpart (an insertion) belongs to the word before it, or the first word.
  let last = 0;
  const spans = words.map(() => ({ start: Infinity, end: -Infinity }));
  spoken.forEach((segment, index) => {
    const word = owner[index] ?? last;
    last = word;
    const span = spans[word]!;
    span.start = Math.min(span.start, segment.start);
    span.end = Math.max(span.end, segment.end);
  });

  const timed: TimedWord[] = [];
  let cursor = 0;
  for (const [index, text] of words.entries()) {
    const span = spans[index]!;
    if (Number.isFinite(span.start)) {
      const start = Math.max(cursor, span.start);
      timed.push({ text, start, end: Math.max(start, span.end) });
      cursor = Math.max(start, span.end);
    } else {
      const next = spans.slice(index + 1).find((other) => Number.isFinite(other.start));
      const at = next ? Math.max(cursor, next.start) : cursor;
      timed.push({ text, start: at, end: at });
    }
  }
  return timed;
}

/**
 * Levenshtein alignment of `expected` to `actual`: for each actual item, the index of the expected item it was
 * matched or substituted with, undefined for an insertion. Both are at most a few thousand phones (the script
 * is bounded), so the direction matrix is a few megabytes.
 */
export function matchPhones(expected: readonly string[], actual: readonly string[]): Array<number | undefined> {
  const rows = expected.length + 1;
  const cols = actual.length + 1;
  const moves = new Uint8Array(rows * cols); // 0 diagonal, 1 skip expected (up), 2 skip actual (left)
  let previous = new Uint32Array(cols);
  let current = new Uint32Array(cols);
  for (let j = 0; j < cols; j++) {
    previous[j] = j;
    moves[j] = 2;
  }
  for (let i = 1; i < rows; i++) {
    current[0] = i;
    moves[i * cols] = 1;
    for (let j = 1; j < cols; j++) {
      const diagonal = previous[j - 1]! + (expected[i - 1] === actual[j - 1] ? 0 : 1);
      const up = previous[j]! + 1;
      const left = current[j - 1]! + 1;
      let best = diagonal;
      let move = 0;
      if (up < best) [best, move] = [up, 1];
      if (left < best) [best, move] = [left, 2];
      current[j] = best;
      moves[i * cols + j] = move;
    }
    [previous, current] = [current, previous];
  }
  const owner: Array<number | undefined> = new Array<number | undefined>(actual.length).fill(undefined);
  let i = rows - 1;
  let j = cols - 1;
  while (i > 0 || j > 0) {
    const move = i === 0 ? 2 : j === 0 ? 1 : moves[i * cols + j]!;
    if (move === 0) owner[--j] = --i;
    else if (move === 1) i--;
    else j--;
  }
  return owner;
}
