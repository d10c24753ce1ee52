import { serveEngine } from './engine-process.ts';
import { synthesizeWithFlite, type FliteVoice } from './flite-wasi.ts';

export interface FliteWorkerData {
  dir: string;
  voice: FliteVoice;
  words: string[];
}

// Flite runs synchronously for seconds on a long script, through Node's WASI, which can abort the process it
// runs in: it runs in a process of its own (engine-process.ts), so the server's event loop stays free and alive.
serveEngine(({ dir, voice, words }: FliteWorkerData) => synthesizeWithFlite(dir, voice, words));
