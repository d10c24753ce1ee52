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
