import { runMediaTool } from '../../render/ffmpeg-runner.ts';
import { type DebianSpeechEngine, type DebianSpeechPaths, missingPackages } from './debian-speech-tools.ts';
import { SpeechError } from './speech.ts';

/** A running voice's or recogniser's limit: a fixed start-up allowance plus a share per unit of work. */
export function timeLimitMs(baseSeconds: number, perUnitSeconds: number, units: number): number {
  return Math.round((baseSeconds + perUnitSeconds * units) * 1000);
}

/** Rejects with a 503 naming the Debian packages when the engine is not installed. */
export function requireEngine(engine: DebianSpeechEngine, paths: DebianSpeechPaths): void {
  const missing = missingPackages(engine, paths);
  if (missing.length > 0) {
    throw new SpeechError(`The offline ${engine} engine is not installed on this server: apt-get install ${missing.join(' ')}`, 503);
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The speech request was aborted', 'AbortError');
}

interface ToolRun {
  /** Shown to users in the error: "Festival", "pocketsphinx". */
  label: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Runs an engine's program (argument array, parent-death signal, killed at `timeoutMs` or when `signal`
 * aborts) and returns its output. Failures become SpeechErrors: 504 for the time limit, 502 otherwise; an
 * abort rejects with the signal's reason.
 */
export async function runSpeechTool(file: string, args: readonly string[], run: ToolRun): Promise<{ stdout: string; stderr: string }> {
  if (run.signal?.aborted) throw abortReason(run.signal);
  try {
    return await runMediaTool(file, args, { timeout: run.timeoutMs, maxBuffer: 32 * 1024 * 1024, signal: run.signal });
  } catch (error) {
    if (run.signal?.aborted) throw abortReason(run.signal);
    const failure = error as NodeJS.ErrnoException & { killed?: boolean; stderr?: string };
    if (failure.killed) throw new SpeechError(`${run.label} was stopped after its time limit of ${Math.round(run.timeoutMs / 1000)} s`, 504);
    const lastLine = (failure.stderr ?? '').trim().split('\n').at(-1)?.trim();
    throw new SpeechError(`${run.label} failed${lastLine ? `: ${lastLine.slice(0, 200)}` : ''}`, 502);
  }
}
