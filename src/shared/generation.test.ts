import { describe, expect, it } from 'vitest';
import { SHOT_DURATIONS, VIDEO_DURATIONS, generationCost, segmentCount, shotCost, simulatedProgress } from './generation.ts';

describe('generation rules', () => {
  it('prices every duration as SPEC §9 lists it', () => {
    expect(VIDEO_DURATIONS.map(generationCost)).toEqual([12, 24, 48, 96, 144, 192, 288]);
  });

  it('prices a shot pro rata at 12 credits per 8 s: 4 s = 6, 6 s = 9, 8 s = 12', () => {
    expect(SHOT_DURATIONS.map(shotCost)).toEqual([6, 9, 12]);
  });

  it('chains ceil(duration / 8) segments', () => {
    expect(VIDEO_DURATIONS.map(segmentCount)).toEqual([1, 2, 4, 8, 12, 15, 23]);
  });

  it('simulates progress as elapsed seconds over 180, capped at 95 %, with at least a minute left', () => {
    const start = '2026-11-21T10:00:00.000Z';
    const at = (seconds: number) => simulatedProgress(start, Date.parse(start) + seconds * 1000);
    expect(at(0)).toEqual({ percent: 0, minutesLeft: 3 });
    expect(at(90)).toEqual({ percent: 50, minutesLeft: 2 });
    expect(at(150)).toEqual({ percent: 83, minutesLeft: 1 });
    expect(at(600)).toEqual({ percent: 95, minutesLeft: 1 });
  });

  it('runs on what the server measured for its recent generations when it has: 100 s of a 400 s one is a quarter', () => {
    const start = '2026-11-21T10:00:00.000Z';
    const at = (seconds: number) => simulatedProgress(start, Date.parse(start) + seconds * 1000, 400);
    expect(at(0)).toEqual({ percent: 0, minutesLeft: 7 });
    expect(at(100)).toEqual({ percent: 25, minutesLeft: 5 });
    expect(at(390)).toEqual({ percent: 95, minutesLeft: 1 });
  });
});
