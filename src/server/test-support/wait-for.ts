/**
 * Polls `probe` until it gives a value; a probe that throws counts as "not yet". The deadline only bounds
 * a hang, so a test fails instead of stalling: make it generous, and never let it be what a test asserts.
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface ProgressWaitOptions {
  /** How long what the probe gives may stay the same before the wait gives up: it bounds a stalled job, not a slow one. */
  idleMs?: number;
  intervalMs?: number;
  /** The clock (this helper's own test moves it by hand). */
  now?: () => number;
}

/**
 * Polls `probe` until `done` holds for what it gives (a job's status and progress, say). It gives up only when
 * what the probe gives stays the same for `idleMs`, never on a fixed clock: a job that keeps making progress on a
 * busy machine is waited for to its end, a job that stalls fails the test.
 */
export async function waitWhileProgressing<T>(
  what: string,
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  { idleMs = 120_000, intervalMs = 100, now = Date.now }: ProgressWaitOptions = {},
): Promise<T> {
  let last: string | undefined;
  let changedAt = now();
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    const seen = JSON.stringify(value);
    if (seen !== last) {
      last = seen;
      changedAt = now();
    } else if (now() - changedAt > idleMs) {
      throw new Error(`gave up waiting for ${what}: no progress for ${idleMs / 1000} s (still ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
