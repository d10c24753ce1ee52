import { describe, expect, it } from 'vitest';
import { LIBRARY_TRACKS } from './library-tracks.ts';
import { integratedLoudness } from './master-bus.ts';
import { AAC_FRAME, loopLengthOf, renderTrack } from './render-track.ts';
import { SAMPLE_RATE } from './synth-voices.ts';
import type { TrackDefinition } from './track-definition.ts';

const tiny: TrackDefinition = {
  ...LIBRARY_TRACKS[0]!,
  id: 'test-tiny',
  bpm: 123,
  bars: 3,
  sections: [{ bars: 3, layers: ['kick', 'snare', 'hat', 'bass', 'pad', 'arp', 'melody'] }],
};

describe('renderTrack', () => {
  it('renders bars × 4 beats × 60/bpm × 48000 samples per channel, to the nearest whole AAC frame', () => {
    const bus = renderTrack(tiny);
    const nominal = ((3 * 4 * 60) / 123) * SAMPLE_RATE;
    expect(bus.left.length).toBe(loopLengthOf(tiny));
    expect(bus.right.length).toBe(bus.left.length);
    expect(bus.left.length % AAC_FRAME).toBe(0);
    expect(Math.abs(bus.left.length - nominal)).toBeLessThanOrEqual(AAC_FRAME / 2);
  });

  it('is deterministic, at −14 LUFS, with sample peaks under −3 dBFS', () => {
    const first = renderTrack(tiny);
    const second = renderTrack(tiny);
    expect(Buffer.from(first.left.buffer, first.left.byteOffset, first.left.byteLength).equals(
      Buffer.from(second.left.buffer, second.left.byteOffset, second.left.byteLength),
    )).toBe(true);
    expect(integratedLoudness(first)).toBeCloseTo(-14, 0);
    let peak = 0;
    for (let i = 0; i < first.left.length; i++) peak = Math.max(peak, Math.abs(first.left[i]!), Math.abs(first.right[i]!));
    expect(20 * Math.log10(peak)).toBeLessThanOrEqual(-2.99);
  });

  it('every library definition is 30–90 s of whole bars whose sections cover them', () => {
    expect(LIBRARY_TRACKS.length).toBeGreaterThanOrEqual(6);
    expect(new Set(LIBRARY_TRACKS.map((track) => track.id)).size).toBe(LIBRARY_TRACKS.length);
    for (const track of LIBRARY_TRACKS) {
      const seconds = (track.bars * 4 * 60) / track.bpm;
      expect(seconds, track.id).toBeGreaterThanOrEqual(30);
      expect(seconds, track.id).toBeLessThanOrEqual(90);
      expect(Number.isInteger(track.bars)).toBe(true);
      expect(track.sections.reduce((sum, section) => sum + section.bars, 0), track.id).toBe(track.bars);
    }
  });
});
