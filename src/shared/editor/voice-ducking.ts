import { type EditorState, voiceClips } from './editor-state.ts';
import { musicSpan } from './music-placement.ts';

/**
 * Voice-first ducking (decision 051): while a voice-over speaks, the music (its `duck`) and the shots' own sound
 * (the voice clip's `duck`) are lowered by a fixed depth, reached over `attackSeconds` before the voice starts and
 * left over `releaseSeconds` after it stops, linearly in dB. The envelope is a function of the document alone, so the
 * export's `volume` expression and the preview's gain follow the very same curve.
 */
export const VOICE_DUCKING = {
  depthDb: 18,
  attackSeconds: 0.15,
  releaseSeconds: 0.4,
} as const;

/** Output seconds in which the voice lane speaks (after merging: apart by more than an attack and a release). */
export interface SpeechSpan {
  from: number;
  to: number;
}

/** What the ducking under the voice lowers: the music lane's ducking clips, or the shots' own sound. */
export type DuckedUnderVoice = 'music' | 'shots';

/**
 * Where the voice lane is heard on the output, merged into the spans the ducking holds through: every voice clip
 * heard (volume above 0) for the music; for the shots' sound only those whose `duck` is on. `recordingSeconds` is a
 * voice-over's real length by media id, where known (a clip stops where its recording does).
 */
export function voiceDuckingSpans(
  state: Pick<EditorState, 'audioClips'>,
  outputSeconds: number,
  what: DuckedUnderVoice,
  recordingSeconds: (mediaId: string) => number | undefined = () => undefined,
): SpeechSpan[] {
  const spans = voiceClips(state)
    .filter((clip) => clip.volume > 0 && (what === 'music' || clip.duck))
    .flatMap((clip) => musicSpan(clip, outputSeconds, recordingSeconds(clip.source.mediaId)) ?? [])
    .map(({ from, to }) => ({ from, to }))
    .sort((a, b) => a.from - b.from);
  const merged: SpeechSpan[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.from - VOICE_DUCKING.attackSeconds <= last.to + VOICE_DUCKING.releaseSeconds) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}

/** How far into its ducking (0 to 1) one span is at output time `t`: the ramp in, the hold, the ramp out. */
function spanDepth({ from, to }: SpeechSpan, t: number): number {
  const rising = (t - (from - VOICE_DUCKING.attackSeconds)) / VOICE_DUCKING.attackSeconds;
  const falling = (to + VOICE_DUCKING.releaseSeconds - t) / VOICE_DUCKING.releaseSeconds;
  return Math.min(1, Math.max(0, Math.min(rising, falling)));
}

/** The ducking gain (0–1, linear) at output time `t`: 1 away from the spans, −depthDb inside them. */
export function voiceDuckingGainAt(spans: readonly SpeechSpan[], t: number): number {
  const depth = spans.reduce((sum, span) => sum + spanDepth(span, t), 0);
  return depth > 0 ? 10 ** ((-VOICE_DUCKING.depthDb * Math.min(1, depth)) / 20) : 1;
}
