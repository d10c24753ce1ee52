import type { EditorState, VoiceClip } from '../editor/editor-state.ts';
import { voiceClips } from '../editor/editor-state.ts';
import type { TimedWord } from '../speech/timed-word.ts';
import { type CaptionTrack, type CaptionVoice, captionableWords, groupIntoLines, trackWords } from './caption-track.ts';

/**
 * Captions made from a voice-over follow it (decision 055). They hold every word of the recording, placed on the
 * output where the clip plays it; what shows is derived, never stored: a word the clip's trim cuts off is hidden
 * (and comes back when the edge is dragged back), and a new recording in the clip re-times the words.
 */

const EPSILON = 1e-6;

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/**
 * A recording's words (seconds into its audio) on the output timeline as the clip plays them, at
 * clip.start + (t − sourceIn), whatever the trim. A word that would start before the output does is left out.
 */
export function placedVoiceWords(words: readonly TimedWord[], clip: Pick<VoiceClip, 'start' | 'sourceIn'>): TimedWord[] {
  const offset = clip.start - clip.sourceIn;
  return words
    .map((word) => ({ text: word.text, start: round(word.start + offset), end: round(word.end + offset) }))
    .filter((word) => word.start >= 0 && word.end > word.start);
}

/** A word is heard when the middle of it plays: a word the trim cuts mostly off is hidden with its sound. */
export function isWordHeard(word: Pick<TimedWord, 'start' | 'end'>, clip: Pick<VoiceClip, 'start' | 'end'>): boolean {
  const middle = (word.start + word.end) / 2;
  return middle >= clip.start - EPSILON && middle <= clip.end + EPSILON;
}

/** The clip on the voice lane whose recording the captions were made from, if it is still there and still plays it. */
export function followedVoiceClip(state: Pick<EditorState, 'captions' | 'audioClips'>): VoiceClip | undefined {
  const voice = state.captions?.voice;
  if (!voice) return undefined;
  return voiceClips(state).find((clip) => clip.id === voice.clipId && clip.source.mediaId === voice.mediaId);
}

/**
 * The voice clip whose captions are out of date: they were made from a recording the clip no longer plays (a new one
 * took its place and its words could not be carried over). The Captions panel says so and offers to remake them.
 */
export function outOfDateVoiceClip(state: Pick<EditorState, 'captions' | 'audioClips'>): VoiceClip | undefined {
  const voice = state.captions?.voice;
  if (!voice) return undefined;
  return voiceClips(state).find((clip) => clip.id === voice.clipId && clip.source.mediaId !== voice.mediaId);
}

/**
 * The captions as the sequence plays them: a track that follows a voice-over shows only the words its clip plays
 * (a line left without one is not shown); any other track shows as it is. The preview, the export and the caption
 * files all read this, so they agree.
 */
export function heardCaptions(state: Pick<EditorState, 'captions' | 'audioClips'>): CaptionTrack | null {
  const track = state.captions;
  const clip = followedVoiceClip(state);
  if (!track || !clip) return track;
  if (trackWords(track).every((word) => isWordHeard(word, clip))) return track;
  const lines = track.lines
    .map((line) => ({ ...line, words: line.words.filter((word) => isWordHeard(word, clip)) }))
    .filter((line) => line.words.length > 0);
  return { ...track, lines };
}

/** The captions moved with their voice-over by `seconds` (a word pushed before the output's start is left out). */
export function shiftedCaptions(track: CaptionTrack, seconds: number): CaptionTrack {
  const lines = track.lines
    .map((line) => ({
      ...line,
      words: line.words.map((word) => ({ ...word, start: round(word.start + seconds), end: round(word.end + seconds) })).filter((word) => word.start >= 0),
    }))
    .filter((line) => line.words.length > 0);
  return { ...track, lines };
}

/** A word's letters and digits in lower case: what two readings of it share whatever the case and punctuation. */
function wordKey(text: string): string {
  const key = text.toLocaleLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  return key === '' ? text : key;
}

/** The pairs (i, j) of a longest common subsequence of two key lists, in order. */
function matchedPairs(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const width = b.length + 1;
  const lengths = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] = a[i] === b[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}

/**
 * Captions that follow a voice-over, re-made from a new recording in its clip: the new recording's words, timed as
 * it speaks them and laid out in lines by the style. A word that is still said (matched in order against the old
 * captions' words) keeps the creator's emphasis, and the creator's correction of its text.
 *
 * `nextWords` are the new recording's words placed on the output (placedVoiceWords). `previousWords`, the old
 * recording's words placed the same way, tell a corrected word from one the voice said so; without them (or when
 * they no longer line up with the captions) a word is matched by its captioned text and keeps that text.
 */
export function retimedCaptions(
  track: CaptionTrack,
  nextWords: readonly TimedWord[],
  previousWords: readonly TimedWord[] | null,
  voice: CaptionVoice,
  ids: () => string,
): CaptionTrack {
  const next = captionableWords(nextWords);
  const old = trackWords(track);
  const said = previousWords && previousWords.length === old.length ? previousWords : null;
  const pairs = matchedPairs(
    old.map((word, index) => wordKey(said?.[index]?.text ?? word.text)),
    next.map((word) => wordKey(word.text)),
  );
  const keptFrom = new Map<number, number>(pairs.map(([from, to]) => [to, from]));
  const words = next.map((word, index) => {
    const from = keptFrom.get(index);
    const before = from === undefined ? undefined : old[from];
    if (!before) return { ...word, emphasis: false };
    // The captioned text is the creator's when it differs from what the old recording said (or that is unknown).
    const corrected = said?.[from!]?.text !== before.text;
    return { ...word, text: corrected ? before.text : word.text, emphasis: before.emphasis };
  });
  return { ...track, lines: groupIntoLines(words, track.style.wordsPerLine, ids), voice };
}
