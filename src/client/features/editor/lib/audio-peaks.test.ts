import { describe, expect, it } from 'vitest';
import { musicSpan, newMusicClip } from '@shared/editor/music-placement';
import { audioPeaks, hasSound, musicPeaks, type DecodedAudio } from './audio-peaks';

const RATE = 1000;

/** A mono recording whose level is `level(second)` (a square wave, so the peak is the level). */
function recording(seconds: number, level: (second: number) => number): DecodedAudio {
  const samples = Float32Array.from({ length: seconds * RATE }, (_, index) => level(Math.floor(index / RATE)) * (index % 2 ? 1 : -1));
  return { sampleRate: RATE, length: samples.length, numberOfChannels: 1, getChannelData: () => samples };
}

describe('waveform peaks', () => {
  it('follows the recording, one peak per slice of time', () => {
    expect(audioPeaks(recording(4, (second) => second / 4), 4)).toEqual([0, 0.25, 0.5, 0.75]);
    // A shot's cut of it: seconds 1 to 3.
    expect(audioPeaks(recording(4, (second) => second / 4), 2, 1, 3)).toEqual([0.25, 0.5]);
    expect(hasSound(recording(2, () => 0))).toBe(false);
    expect(hasSound(recording(2, () => 0.5))).toBe(true);
  });

  it('draws the music as it plays: the piece repeated where it loops, shaped by the fades', () => {
    // A 4 s track whose seconds are 0.1, 0.2, 0.3, 0.4 loud; its piece 1–3 s looped over 6 s from 2 s on the output.
    const track = recording(4, (second) => (second + 1) / 10);
    const music = { ...newMusicClip('music-1', { id: 't', duration: 4 }, 10, false), start: 2, end: 8, sourceIn: 1, sourceOut: 3, volume: 1, fadeOut: 2 };
    const span = musicSpan(music, 10, 4);
    if (!span) throw new Error('no span');
    const peaks = musicPeaks(track, span, 6);
    expect(peaks.slice(0, 4).map((peak) => Math.round(peak * 100) / 100)).toEqual([0.2, 0.3, 0.2, 0.3]);
    // The fade out over the last 2 s: at 1.5 s and 0.5 s before the end.
    expect(peaks[4]).toBeCloseTo(0.2 * 0.75);
    expect(peaks[5]).toBeCloseTo(0.3 * 0.25);
  });
});
