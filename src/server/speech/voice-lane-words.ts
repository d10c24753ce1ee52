import type { VoiceClip } from '../../shared/editor/editor-state.ts';
import type { TimedWord } from '../../shared/speech/timed-word.ts';

const EPSILON = 1e-6;

/**
 * A voice-over's words (seconds into its audio) as the sequence plays them: through each clip of it on the voice
 * lane, at clip.start + (t − sourceIn). Words outside the piece of the audio a clip uses, or after the clip ends,
 * are not heard and are dropped. In output order.
 */
export function voiceLaneWords(words: readonly TimedWord[], clips: readonly VoiceClip[]): TimedWord[] {
  const placed: TimedWord[] = [];
  for (const clip of clips) {
    for (const word of words) {
      if (word.start < clip.sourceIn - EPSILON || word.end > clip.sourceOut + EPSILON) continue;
      const start = clip.start + (word.start - clip.sourceIn);
      const end = clip.start + (word.end - clip.sourceIn);
      if (end > clip.end + EPSILON) continue;
      placed.push({ text: word.text, start: round(start), end: round(end) });
    }
  }
  return placed.sort((a, b) => a.start - b.start);
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
