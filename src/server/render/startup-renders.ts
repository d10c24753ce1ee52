import type { FfmpegBinaries } from './ffmpeg-binaries.ts';

/**
 * The niceness of the server's own start-up renders (the examples' posters and clips, the music library):
 * Linux's lowest priority, below exports (nice 10), so a fresh install's first exports run as fast as later
 * ones (decision 058).
 */
export const STARTUP_RENDER_NICENESS = 19;

/**
 * The one lane the start-up renders share in a process: one render at a time, whichever kind, every ffmpeg
 * and synthesis thread of it at STARTUP_RENDER_NICENESS.
 */
export interface StartupRenders {
  /** ffmpeg at the start-up renders' priority. */
  readonly ffmpeg: FfmpegBinaries;
  /**
   * Runs `work` once no other start-up render of this process is running. A signal aborted while it waits
   * rejects at once, and its work never starts.
   */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** The lane of `ffmpeg`'s renders at `niceness` (test apps: 0, so a busy machine does not starve their tests). */
export function createStartupRenders(ffmpeg: FfmpegBinaries, niceness = STARTUP_RENDER_NICENESS): StartupRenders {
  let previous: Promise<unknown> = Promise.resolve();
  return {
    ffmpeg: { ...ffmpeg, niceness },
    run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      const turn = previous;
      const result = (async () => {
        await untilAborted(turn, signal);
        signal?.throwIfAborted();
        return work();
      })();
      // The next render waits for the one ahead and this one, even when this caller gave up while waiting.
      previous = Promise.allSettled([turn, result]);
      return result;
    },
  };
}

/** Resolves when `turn` settles, or rejects with the signal's reason as soon as it is aborted. */
function untilAborted(turn: Promise<unknown>, signal?: AbortSignal): Promise<void> {
  const settled = turn.then(
    () => undefined,
    () => undefined,
  );
  if (!signal) return settled;
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    void settled.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
