import { parentPort, workerData } from 'node:worker_threads';
import { alignByWarp, readPcm } from './dtw-alignment.ts';
import type { TimedWord } from './speech.ts';

export interface DtwWorkerData {
  referencePcm: string;
  referenceWords: TimedWord[];
  realPcm: string;
}

// MFCCs and the warp of minutes of audio take a second or more of CPU: off the server's event loop.
const { referencePcm, referenceWords, realPcm } = workerData as DtwWorkerData;
parentPort!.postMessage(alignByWarp(readPcm(referencePcm), referenceWords, readPcm(realPcm)).words);
