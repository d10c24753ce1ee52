import { parentPort, workerData } from 'node:worker_threads';
import { synthesizeWithFlite, type FliteVoice } from './flite-wasi.ts';

export interface FliteWorkerData {
  dir: string;
  voice: FliteVoice;
  words: string[];
}

// Flite runs synchronously for seconds on a long script: on this thread, the server's event loop stays free.
const { dir, voice, words } = workerData as FliteWorkerData;
parentPort!.postMessage(synthesizeWithFlite(dir, voice, words));
