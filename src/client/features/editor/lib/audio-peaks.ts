import { fadeGainAt, trackTimeAt, type MusicSpan } from '@shared/editor/music-placement';

/** What the waveforms read of decoded audio (an AudioBuffer has it; tests pass a plain object). */
export interface DecodedAudio {
  readonly sampleRate: number;
  readonly length: number;
  readonly numberOfChannels: number;
  getChannelData(channel: number): Float32Array;
}

/** Samples looked at per bucket at most: a waveform needs the shape, not every sample. */
const SAMPLES_PER_BUCKET = 256;

/** The loudest sample near `seconds` (across channels), over `windowSeconds`. */
function peakAround(audio: DecodedAudio, seconds: number, windowSeconds: number): number {
  const from = Math.max(0, Math.floor(seconds * audio.sampleRate));
  const to = Math.min(audio.length, Math.max(from + 1, Math.floor((seconds + windowSeconds) * audio.sampleRate)));
  const stride = Math.max(1, Math.floor((to - from) / SAMPLES_PER_BUCKET));
  let peak = 0;
  for (let channel = 0; channel < audio.numberOfChannels; channel++) {
    const samples = audio.getChannelData(channel);
    for (let index = from; index < to; index += stride) peak = Math.max(peak, Math.abs(samples[index] ?? 0));
  }
  return peak;
}

/** The recording (or seconds `from` to `to` of it) as `buckets` peaks (0–1), one per equal slice of time. */
export function audioPeaks(audio: DecodedAudio, buckets: number, from = 0, to = audio.length / audio.sampleRate): number[] {
  const slice = (to - from) / buckets;
  return Array.from({ length: buckets }, (_, bucket) => peakAround(audio, from + bucket * slice, slice));
}

/**
 * The music lane's waveform: what plays over the span, one peak per slice of output time — the piece
 * repeated where it loops and shaped by the fades, so the lane shows what the export mixes.
 */
export function musicPeaks(track: DecodedAudio, span: MusicSpan, buckets: number): number[] {
  const slice = (span.to - span.from) / buckets;
  return Array.from({ length: buckets }, (_, bucket) => {
    const outputTime = span.from + (bucket + 0.5) * slice;
    return peakAround(track, trackTimeAt(span, outputTime - slice / 2), slice) * fadeGainAt(span, outputTime);
  });
}

/** Whether a recording has anything to hear (a clip made without sound decodes to silence). */
export function hasSound(audio: DecodedAudio): boolean {
  return audioPeaks(audio, 64).some((peak) => peak > 0.001);
}
