import { describe, expect, it } from 'vitest';
import type { MusicClip } from '@shared/editor/editor-state';
import { VOICE_DUCKING, voiceDuckingGainAt } from '@shared/editor/voice-ducking';
import type { DecodedAudio } from './audio-peaks';
import { clipGainCurve, duckingGains, type DuckingKey } from './ducking-envelope';

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

/** The clip as the first shot's sound: output time is clip time, at `volume`. */
const shotKey = (volume: number): DuckingKey => ({ audio: clip(), offset: 0, from: 0, to: 3, gainAt: () => volume });

describe('the preview ducking', () => {
  it('lowers the music by what the compressor gives while the clip is loud, and lifts it after the release', () => {
    const gains = duckingGains([shotKey(1)], 0, 3, 0.02);
    expect(db(gains[25])).toBeCloseTo(0);
    // −18 dBFS is 12 dB over the −30 dB threshold: 12 × 7/8 = 10.5 dB down once the attack has passed.
    expect(db(gains[75])).toBeCloseTo(-10.5, 0);
    expect(db(gains[149])).toBeGreaterThan(-0.5);
  });

  it('does not duck under a muted clip', () => {
    expect(Math.min(...duckingGains([shotKey(0)], 0, 3, 0.02))).toBe(1);
  });

  it('ducks under a voice-over where it is placed on the output, and not outside its clip', () => {
    // The clip placed at 2 s of output from its second 0.5: its loud second [1, 2) sounds at output [2.5, 3.5).
    const voice: DuckingKey = { audio: clip(), offset: -1.5, from: 2, to: 3.2, gainAt: () => 1 };
    const gains = duckingGains([voice], 0, 5, 0.02);
    expect(db(gains[100])).toBeCloseTo(0);
    expect(db(gains[150])).toBeCloseTo(-10.5, 0);
    // The clip ends at 3.2 s on the output: after it, the music comes back up with the release.
    expect(db(gains[249])).toBeGreaterThan(-0.5);
  });

  it('hears the shot and the voice together: two sounds at the same level duck the music 3 dB × 7/8 further', () => {
    const one = duckingGains([shotKey(1)], 0, 3, 0.02);
    const both = duckingGains([shotKey(1), shotKey(1)], 0, 3, 0.02);
    expect(db(both[75]) - db(one[75])).toBeCloseTo(-3 * (7 / 8), 1);
  });
});

describe('the preview’s music under a voice-over', () => {
  const music: MusicClip = {
    id: 'm', lane: 'music', source: { trackId: 't' }, start: 0, end: 3, sourceIn: 0, sourceOut: 3, volume: 0.6, fadeIn: 0, fadeOut: 0, loop: true, duck: true,
  };
  const span = { from: 0, to: 3, pieceIn: 0, pieceLength: 3, fadeIn: 0, fadeOut: 0 };
  const underVoice = [{ from: 1, to: 2 }];

  it('follows the export’s curve (voiceDuckingGainAt) step by step with duck, and is left alone without it', () => {
    const curve = clipGainCurve({ clip: music, span, duckUnder: [], underVoice }, 0, 0.02);
    for (const [index, gain] of curve.entries()) expect(gain).toBeCloseTo(voiceDuckingGainAt(underVoice, Math.min(3 - 1e-6, index * 0.02)), 6);
    expect(db(curve[75])).toBeCloseTo(-VOICE_DUCKING.depthDb, 6);
    expect(Math.min(...clipGainCurve({ clip: { ...music, duck: false }, span, duckUnder: [], underVoice }, 0, 0.02))).toBe(1);
  });
});
