import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MusicTrack } from '@shared/schemas/music';
import { UploadAbortedError } from '@/lib/put-upload-file';
import { MusicTrackRefusedError, waitForMusicTrack } from './wait-for-music-track';

const track: MusicTrack = {
  id: 'mine',
  userId: 'u1',
  title: 'Night Drive',
  artist: null,
  url: '/api/music-tracks/mine/audio',
  duration: 8,
  genre: null,
  isCustom: 1,
  createdAt: '2026-11-28T09:00:00.000Z',
};

/** The list the server answers, one read after another; the last one repeats. */
let answers: MusicTrack[][];
let reads: number;

beforeEach(() => {
  vi.useFakeTimers();
  reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => {
      const tracks = answers[Math.min(reads++, answers.length - 1)];
      return Promise.resolve(new Response(JSON.stringify({ tracks }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Runs the waiting to its end, moving the clock on as it pauses between reads. */
async function outcome(signal = new AbortController().signal): Promise<MusicTrack | Error> {
  const waiting = waitForMusicTrack(new QueryClient(), 'mine', signal).catch((error: unknown) => error as Error);
  await vi.runAllTimersAsync();
  return waiting;
}

describe('waiting for an uploaded track’s job', () => {
  it('reads the list again while the track is processing, and answers it once it is ready', async () => {
    answers = [[{ ...track, processing: true }], [{ ...track, processing: true }], [track]];
    expect(await outcome()).toEqual(track);
    expect(reads).toBe(3);
  });

  it('fails with the job’s own sentence when it refused the track, and says so when the track was deleted meanwhile', async () => {
    answers = [[{ ...track, processing: true }], [{ ...track, errorMessage: 'This track is silent' }]];
    expect(await outcome()).toEqual(new MusicTrackRefusedError('This track is silent'));
    answers = [[]];
    expect(await outcome()).toEqual(new MusicTrackRefusedError('The track was deleted before it was ready.'));
  });

  it('stops waiting when the dialog is closed, as a cancelled upload', async () => {
    answers = [[{ ...track, processing: true }]];
    const controller = new AbortController();
    const waiting = waitForMusicTrack(new QueryClient(), 'mine', controller.signal).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    expect(await waiting).toBeInstanceOf(UploadAbortedError);
    expect(reads).toBe(1);
  });
});
