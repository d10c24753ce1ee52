// The body of a synthesis worker thread (synthesize-track.ts): renders one track definition and writes its WAV.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { renderTrack } from './render-track.ts';
import type { TrackDefinition } from './track-definition.ts';
import { encodeWav } from './wav-file.ts';

const { definition, file, niceness } = workerData as { definition: TrackDefinition; file: string; niceness?: number };
// On Linux a priority is a thread's own: pid 0 is this thread, and the thread that answers requests keeps its own.
if (niceness) os.setPriority(niceness);
fs.writeFileSync(file, encodeWav(renderTrack(definition)));
parentPort!.postMessage({ threadId, niceness: threadNiceness() });

/** The kernel's niceness of this thread (field 19 of its stat), or undefined where there is no /proc. */
function threadNiceness(): number | undefined {
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    // The command name, in parentheses, may hold spaces: count the fields after it.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  } catch {
    return undefined;
  }
}
