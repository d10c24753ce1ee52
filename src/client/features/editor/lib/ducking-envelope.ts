import type { AudioClip } from '@shared/editor/editor-state';
import { DUCKING, duckingReductionDb } from '@shared/editor/ducking';
import { fadeGainAt, type MusicSpan } from '@shared/editor/music-placement';
import { voiceDuckingGainAt, type SpeechSpan } from '@shared/editor/voice-ducking';
import type { DecodedAudio } from './audio-peaks';

/**
 * A sound the music ducks under, as the export's sidechain hears it: second `t + offset` of `audio` plays at
 * output time `t`, inside [from, to), at `gainAt(t)` (its volume and fades).
 */
export interface DuckingKey {
  audio: DecodedAudio;
  offset: number;
  from: number;
  to: number;
  gainAt: (outputTime: number) => number;
}

/**
 * The music's ducking gain (0–1) every `step` seconds of output from `from` to `to`, keyed by the sum of `keys`
 * (the export sums the shots' sound and the voice before its compressor; summed powers stand in for the sum):
 * each step's level, the reduction DUCKING gives it, smoothed with the attack when it deepens and the release when
 * it lifts.
 */
export function duckingGains(keys: readonly DuckingKey[], from: number, to: number, step: number): Float32Array {
  const count = Math.max(1, Math.ceil((to - from) / step));
  const gains = new Float32Array(count);
  const attack = 1 - Math.exp(-step / DUCKING.attackSeconds);
  const release = 1 - Math.exp(-step / DUCKING.releaseSeconds);
  let reduction = 0;
  for (let index = 0; index < count; index++) {
    const t = from + index * step;
    const power = keys.reduce((sum, key) => sum + keyPower(key, t, step), 0);
    const target = duckingReductionDb(power > 0 ? 10 * Math.log10(power) : -Infinity);
    reduction += (target - reduction) * (target > reduction ? attack : release);
    gains[index] = 10 ** (-reduction / 20);
  }
  return gains;
}

/** The key's mean power over output [t, t + window), after its gain; 0 where it does not sound. */
function keyPower({ audio, offset, from, to, gainAt }: DuckingKey, t: number, window: number): number {
  const middle = t + window / 2;
  if (middle < from || middle >= to) return 0;
  const gain = gainAt(middle);
  if (gain <= 0) return 0;
  const start = Math.max(0, Math.floor((t + offset) * audio.sampleRate));
  const end = Math.min(audio.length, Math.floor((t + offset + window) * audio.sampleRate));
  if (end <= start) return 0;
  let sum = 0;
  for (let channel = 0; channel < audio.numberOfChannels; channel++) {
    const samples = audio.getChannelData(channel);
    for (let index = start; index < end; index++) sum += (samples[index] ?? 0) ** 2;
  }
  return (sum / ((end - start) * audio.numberOfChannels)) * gain * gain;
}

/**
 * A lane clip's gain every `step` seconds of output from `from` to the end of its span, as the export shapes it: its
 * fades, and with `duck` the compressor's ducking under `duckUnder` and the voice's curve over `underVoice`.
 */
export function clipGainCurve(
  { clip, span, duckUnder, underVoice }: { clip: AudioClip; span: MusicSpan; duckUnder: readonly DuckingKey[]; underVoice: readonly SpeechSpan[] },
  from: number,
  step: number,
): Float32Array {
  const steps = Math.max(2, Math.ceil((span.to - from) / step) + 1);
  const ducking = clip.duck && duckUnder.length > 0 ? duckingGains(duckUnder, from, span.to, step) : null;
  return Float32Array.from({ length: steps }, (_, index) => {
    const t = Math.min(span.to - 1e-6, from + index * step);
    const voice = clip.duck ? voiceDuckingGainAt(underVoice, t) : 1;
    return fadeGainAt(span, t) * (ducking?.[Math.min(index, ducking.length - 1)] ?? 1) * voice;
  });
}
