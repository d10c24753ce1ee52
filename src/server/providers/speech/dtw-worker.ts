import { parentPort, workerData } from 'node:worker_threads';
import { alignWithClosestReference, readPcm } from './dtw-alignment.ts';
import type { TimedWord } from './speech.ts';

export interface DtwWorkerData {
  references: Array<{ pcm: string; words: TimedWord[] }>;
  realPcm: string;
  mayBeTrimmed: boolean;
}

// MFCCs and the warp of minutes of audio take a second or more of CPU: off the server's event loop.
const { references, realPcm, mayBeTrimmed } = workerData as DtwWorkerData;
const readings = references.map(({ pcm, words }) => ({ samples: readPcm(pcm), words }));
parentPort!.postMessage(alignWithClosestReference(readings, readPcm(realPcm), { mayBeTrimmed }));
