import { describe, expect, it } from 'vitest';
import { MIN_MUSIC_SECONDS } from './editor-constants.ts';
import type { MusicClip } from './editor-state.ts';
import { fadeGainAt, musicSpan, newMusicClip, trackTimeAt } from './music-placement.ts';

const placed = (change: Partial<MusicClip> = {}): MusicClip => ({
  ...newMusicClip('music-1', { id: 'library-chill-v1', duration: 60 }, 20, true),
  ...change,
});

describe('the music lane on the output', () => {
  it('loops its piece to fill the lane and stops with the output', () => {
    const span = musicSpan(placed({ start: 2, end: 30, sourceIn: 10, sourceOut: 14 }), 20);
    expect(span).toMatchObject({ from: 2, to: 20, pieceIn: 10, pieceLength: 4 });
    if (!span) return;
    expect(trackTimeAt(span, 2)).toBe(10);
    expect(trackTimeAt(span, 7)).toBe(11);
  });

  it('without loop stops when the piece runs out, and the piece is cut to the track', () => {
    expect(musicSpan(placed({ start: 1, end: 20, sourceIn: 2, sourceOut: 6, loop: false }), 20)).toMatchObject({ from: 1, to: 5 });
    expect(musicSpan(placed({ start: 0, end: 20, sourceIn: 50, sourceOut: 80, loop: false }), 20, 60)).toMatchObject({ to: 10, pieceLength: 10 });
  });

  it('never loops a voice-over, whatever its document says: its words play once', () => {
    const { source: _source, ...clip } = placed({ start: 1, end: 30, sourceIn: 0, sourceOut: 4 });
    const voice = { ...clip, lane: 'voice' as const, source: { mediaId: 'voice-a' }, loop: true };
    expect(musicSpan(voice, 20)).toMatchObject({ from: 1, to: 5, pieceLength: 4 });
  });

  it('is silent when it starts after the output ends or its piece lies past the track', () => {
    expect(musicSpan(placed({ start: 25, end: 30 }), 20)).toBeNull();
    expect(musicSpan(placed({ sourceIn: 70, sourceOut: 80 }), 20, 60)).toBeNull();
  });

  it('never loops a piece the track cuts shorter than the shortest piece a document may hold', () => {
    // The attack run's edit: one sample before the track's end, looped over the whole output.
    const oneSample = placed({ start: 0, end: 300, sourceIn: 60 - 1 / 48_000, sourceOut: 61, loop: true });
    expect(musicSpan(oneSample, 300, 60)).toBeNull();
    const atTheEdge = musicSpan(placed({ start: 0, end: 300, sourceIn: 60 - MIN_MUSIC_SECONDS, sourceOut: 61 }), 300, 60);
    expect(atTheEdge?.pieceLength).toBeCloseTo(MIN_MUSIC_SECONDS);
  });

  it('fades in and out linearly, shortening both fades in proportion when they overlap', () => {
    const span = musicSpan(placed({ start: 0, end: 4, fadeIn: 4, fadeOut: 4 }), 20);
    expect(span).toMatchObject({ fadeIn: 2, fadeOut: 2 });
    if (!span) return;
    expect(fadeGainAt(span, 1)).toBeCloseTo(0.5);
    expect(fadeGainAt(span, 2)).toBeCloseTo(1);
    expect(fadeGainAt(span, 3)).toBeCloseTo(0.5);
    expect(fadeGainAt(span, 4)).toBe(0);
  });

  it('places a new track over the whole output, ducking only under a clip that has sound', () => {
    expect(newMusicClip('music-1', { id: 't', duration: 61.3 }, 8, false)).toEqual({
      id: 'music-1', lane: 'music', source: { trackId: 't' }, start: 0, end: 8, sourceIn: 0, sourceOut: 61.3, volume: 0.6, fadeIn: 0, fadeOut: 1, loop: true, duck: false,
    });
  });
});
