import { Worker } from 'node:worker_threads';
import type { TrackDefinition } from './track-definition.ts';

/**
 * Starts the synthesis worker. Built (dist/, `npm start`) it is plain JS beside this file; from sources
 * (tests, `node --import tsx`) Node cannot load a .ts worker by itself on Node 20 (loader hooks do not reach
 * workers), so the worker's first line loads tsx's API and imports the .ts file through it.
 */
function startWorker(workerData: { definition: TrackDefinition; file: string }): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./synthesis-worker.js', import.meta.url), { workerData });
  const entry = new URL('./synthesis-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * Synthesises a track definition into a 48 kHz stereo 16-bit WAV at `file`, on a worker thread: about a second
 * of CPU per track that would otherwise hold this process's event loop (requests, job heartbeats).
 * Aborting terminates the thread and rejects with the signal's reason. Resolves with the thread's id.
 */
export function synthesizeTrack(definition: TrackDefinition, file: string, signal?: AbortSignal): Promise<{ threadId: number }> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  const worker = startWorker({ definition, file });
  return new Promise<{ threadId: number }>((resolve, reject) => {
    let written: { threadId: number } | undefined;
    const onAbort = () => {
      void worker.terminate();
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (message: { threadId: number }) => {
      written = message;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (written) resolve(written);
      else reject(new Error(`The synthesis of ${definition.id} stopped without writing its file (exit code ${code})`));
    });
  });
}
