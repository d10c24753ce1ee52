import { runWorker } from '../../render/worker-thread.ts';
import type { TrackDefinition } from './track-definition.ts';

/**
 * Synthesises a track definition into a 48 kHz stereo 16-bit WAV at `file`, on a worker thread
 * (synthesis-worker.ts): about a second of CPU per track that would otherwise hold this process's event
 * loop. The thread runs at `niceness` (Linux) when one is given. Aborting terminates the thread and rejects
 * with the signal's reason. Resolves with the thread's id and the niceness the kernel gave it.
 */
export function synthesizeTrack(
  definition: TrackDefinition,
  file: string,
  options: { signal?: AbortSignal; niceness?: number } = {},
): Promise<{ threadId: number; niceness?: number }> {
  return runWorker(import.meta.url, 'synthesis-worker', { definition, file, niceness: options.niceness }, options.signal);
}
