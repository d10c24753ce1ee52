import { Worker } from 'node:worker_threads';

/**
 * Starts the module `name` (beside the caller, whose `import.meta.url` is `callerUrl`) on a worker thread.
 * Built (dist/, `npm start`) it is plain JS; from sources (tests, `node --import tsx`) Node 20 cannot load a
 * .ts worker by itself (loader hooks do not reach workers), so the worker's first line loads tsx's API and
 * imports the .ts file through it.
 */
function startWorker(callerUrl: string, name: string, workerData: unknown): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), { workerData });
  const entry = new URL(`./${name}.ts`, callerUrl).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * Runs a worker module to its end and resolves with the one message it posts: CPU-bound work that would
 * otherwise hold this process's event loop (requests, job heartbeats). Aborting terminates the thread and
 * rejects with the signal's reason; a worker that ends without posting rejects.
 */
export function runWorker<Result>(callerUrl: string, name: string, workerData: unknown, signal?: AbortSignal): Promise<Result> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  const worker = startWorker(callerUrl, name, workerData);
  return new Promise<Result>((resolve, reject) => {
    let posted: { result: Result } | undefined;
    const onAbort = () => {
      void worker.terminate();
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (message: Result) => {
      posted = { result: message };
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (posted) resolve(posted.result);
      else reject(new Error(`The worker ${name} stopped without an answer (exit code ${code})`));
    });
  });
}
