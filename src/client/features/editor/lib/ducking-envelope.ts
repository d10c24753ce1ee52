import { DUCKING, duckingReductionDb } from '@shared/editor/ducking';
import type { DecodedAudio } from './audio-peaks';

/**
 * The music's ducking gain (0–1) every `step` seconds from `from` to `to` (seconds of the clip), from the
 * clip's decoded sound at `clipVolume`: the RMS of each step, the reduction DUCKING gives it, smoothed
 * with the attack when it deepens and the release when it lifts.
 */
export function duckingGains(clip: DecodedAudio, clipVolume: number, from: number, to: number, step: number): Float32Array {
  const count = Math.max(1, Math.ceil((to - from) / step));
  const gains = new Float32Array(count);
  const attack = 1 - Math.exp(-step / DUCKING.attackSeconds);
  const release = 1 - Math.exp(-step / DUCKING.releaseSeconds);
  let reduction = 0;
  for (let index = 0; index < count; index++) {
    const target = duckingReductionDb(levelDb(clip, from + index * step, step, clipVolume));
    reduction += (target - reduction) * (target > reduction ? attack : release);
    gains[index] = 10 ** (-reduction / 20);
  }
  return gains;
}

/** RMS level in dBFS of the clip's channels over [seconds, seconds + window). */
function levelDb(clip: DecodedAudio, seconds: number, window: number, volume: number): number {
  const start = Math.max(0, Math.floor(seconds * clip.sampleRate));
  const end = Math.min(clip.length, Math.floor((seconds + window) * clip.sampleRate));
  if (end <= start || volume <= 0) return -Infinity;
  let sum = 0;
  for (let channel = 0; channel < clip.numberOfChannels; channel++) {
    const samples = clip.getChannelData(channel);
    for (let index = start; index < end; index++) sum += (samples[index] ?? 0) ** 2;
  }
  const rms = Math.sqrt(sum / ((end - start) * clip.numberOfChannels)) * volume;
  return rms > 0 ? 20 * Math.log10(rms) : -Infinity;
}
