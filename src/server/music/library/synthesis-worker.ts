// The body of a synthesis worker thread (synthesize-track.ts): renders one track definition and writes its WAV.
import fs from 'node:fs';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { renderTrack } from './render-track.ts';
import type { TrackDefinition } from './track-definition.ts';
import { encodeWav } from './wav-file.ts';

const { definition, file } = workerData as { definition: TrackDefinition; file: string };
fs.writeFileSync(file, encodeWav(renderTrack(definition)));
parentPort!.postMessage({ threadId });
