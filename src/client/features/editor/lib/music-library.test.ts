import { describe, expect, it } from 'vitest';
import type { MusicTrack } from '@shared/schemas/music';
import {
  formatTrackLength,
  genreLabel,
  genresOf,
  MUSIC_TOO_LARGE,
  MUSIC_UPLOAD_MAX_BYTES,
  musicFileProblem,
  tracksInGenre,
} from './music-library';

function track(overrides: Partial<MusicTrack> = {}): MusicTrack {
  return {
    id: 't1',
    userId: null,
    title: 'Sunrise',
    artist: 'PromptReel',
    url: '/api/music-tracks/t1/audio',
    duration: 30,
    genre: 'upbeat',
    isCustom: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('genres', () => {
  it('reads the library genres nicely and capitalises others', () => {
    expect(genreLabel('lofi')).toBe('Lo-fi');
    expect(genreLabel('cinematic')).toBe('Cinematic');
    expect(genreLabel('synthwave')).toBe('Synthwave');
  });

  it('lists each genre present once, in order, skipping tracks without one', () => {
    const tracks = [track({ genre: 'chill' }), track({ genre: null }), track({ genre: 'lofi' }), track({ genre: 'chill' })];
    expect(genresOf(tracks)).toEqual(['chill', 'lofi']);
  });

  it('filters by genre, and All keeps every track', () => {
    const tracks = [track({ id: 'a', genre: 'chill' }), track({ id: 'b', genre: null }), track({ id: 'c', genre: 'lofi' })];
    expect(tracksInGenre(tracks, 'lofi').map((t) => t.id)).toEqual(['c']);
    expect(tracksInGenre(tracks, null).map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('formatTrackLength', () => {
  it('shows m:ss, rounded to the second', () => {
    expect(formatTrackLength(0)).toBe('0:00');
    expect(formatTrackLength(59.6)).toBe('1:00');
    expect(formatTrackLength(83.4)).toBe('1:23');
    expect(formatTrackLength(605)).toBe('10:05');
  });
});

describe('musicFileProblem', () => {
  it('accepts audio by type or by extension', () => {
    expect(musicFileProblem({ name: 'a.bin', type: 'audio/mpeg', size: 10 })).toBeNull();
    expect(musicFileProblem({ name: 'A.M4A', type: '', size: 10 })).toBeNull();
  });

  it('refuses what is not audio', () => {
    expect(musicFileProblem({ name: 'clip.mp4', type: 'video/mp4', size: 10 })).toMatch(/audio file/);
  });

  it('refuses over 20 MB with the server’s sentence', () => {
    expect(musicFileProblem({ name: 'a.mp3', type: 'audio/mpeg', size: MUSIC_UPLOAD_MAX_BYTES })).toBeNull();
    expect(musicFileProblem({ name: 'a.mp3', type: 'audio/mpeg', size: MUSIC_UPLOAD_MAX_BYTES + 1 })).toBe(MUSIC_TOO_LARGE);
  });
});
