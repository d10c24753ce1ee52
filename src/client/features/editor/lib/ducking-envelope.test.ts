import { describe, expect, it } from 'vitest';
import type { DecodedAudio } from './audio-peaks';
import { duckingGains } from './ducking-envelope';

const RATE = 8000;

/** Speech-loud (−18 dBFS RMS) in [1 s, 2 s), silent elsewhere, 3 s long. */
function clip(): DecodedAudio {
  const amplitude = 10 ** (-18 / 20) * Math.SQRT2;
  const samples = Float32Array.from({ length: 3 * RATE }, (_, index) => {
    const seconds = index / RATE;
    return seconds >= 1 && seconds < 2 ? amplitude * Math.sin(2 * Math.PI * 440 * seconds) : 0;
  });
  return { sampleRate: RATE, length: samples.length, numberOfChannels: 1, getChannelData: () => samples };
}

const db = (gain: number | undefined) => 20 * Math.log10(gain ?? 1);

describe('the preview ducking', () => {
  it('lowers the music by what the compressor gives while the clip is loud, and lifts it after the release', () => {
    const gains = duckingGains(clip(), 1, 0, 3, 0.02);
    expect(db(gains[25])).toBeCloseTo(0);
    // −18 dBFS is 12 dB over the −30 dB threshold: 12 × 7/8 = 10.5 dB down once the attack has passed.
    expect(db(gains[75])).toBeCloseTo(-10.5, 0);
    expect(db(gains[149])).toBeGreaterThan(-0.5);
  });

  it('does not duck under a muted clip', () => {
    expect(Math.min(...duckingGains(clip(), 0, 0, 3, 0.02))).toBe(1);
  });
});
