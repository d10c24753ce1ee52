import { describe, expect, it } from 'vitest';
import { waitWhileProgressing } from './wait-for.ts';

/** A clock that moves only when told: each poll of the fake job below takes ten seconds of it. */
function handClock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

describe('waiting on a job while it makes progress', () => {
  it('waits for a slow job that keeps making progress, however long it takes in all', async () => {
    const clock = handClock();
    let percent = 0;
    const job = async () => {
      clock.advance(10_000);
      percent += 1;
      return { status: percent < 100 ? 'pending' : 'completed', percent };
    };
    // 100 polls of ten seconds each: far past the 30 s a stalled job is given.
    const last = await waitWhileProgressing('the export', job, (row) => row.status !== 'pending', { idleMs: 30_000, intervalMs: 0, now: clock.now });
    expect(last).toEqual({ status: 'completed', percent: 100 });
    expect(clock.now()).toBe(1_000_000);
  });

  it('gives up on a job whose status and progress stay the same for its idle limit', async () => {
    const clock = handClock();
    let polls = 0;
    const job = async () => {
      clock.advance(10_000);
      polls += 1;
      return { status: 'pending', percent: Math.min(polls, 5) };
    };
    await expect(waitWhileProgressing('the export', job, (row) => row.status !== 'pending', { idleMs: 30_000, intervalMs: 0, now: clock.now })).rejects.toThrow(
      'gave up waiting for the export: no progress for 30 s (still {"status":"pending","percent":5})',
    );
    // Stuck from the fifth poll on: given up at the first poll more than 30 s after it.
    expect(polls).toBe(9);
  });
});
