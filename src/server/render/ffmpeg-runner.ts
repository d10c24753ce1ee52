import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';

/**
 * util-linux's setpriv starts ffmpeg with a parent-death signal: if this process is killed (SIGKILL, OOM),
 * the kernel kills its ffmpeg runs too, instead of leaving them rendering for a job another process
 * will run again. It execs ffmpeg in place, so the pid, pipes and exit code are ffmpeg's own.
 */
const SETPRIV = '/usr/bin/setpriv';
const dieWithThisProcess = process.platform === 'linux' && fs.existsSync(SETPRIV);
/** coreutils' nice also execs in place, so every thread ffmpeg starts has the lower priority from the first. */
const NICE = '/usr/bin/nice';
const canNice = process.platform === 'linux' && fs.existsSync(NICE);
/** util-linux's prlimit sets RLIMIT_CPU on itself and execs ffmpeg in place, so the budget is the kernel's to keep. */
const PRLIMIT = '/usr/bin/prlimit';
const canLimitCpu = process.platform === 'linux' && fs.existsSync(PRLIMIT);

const execFileAsync = promisify(execFile);

export interface MediaToolOptions {
  /** Past this many milliseconds the tool is killed (SIGKILL) and the call rejects. */
  timeout: number;
  maxBuffer?: number;
  signal?: AbortSignal;
  /** Runs the tool below normal CPU priority (Linux nice 1-19), as runFfmpeg does for binaries with a niceness. */
  niceness?: number;
}

/**
 * Runs ffprobe, or an ffmpeg whose output is read whole (a loudness measurement), as execFile does, but with
 * runFfmpeg's parent-death signal: nothing this process starts outlives it.
 */
export function runMediaTool(file: string, args: readonly string[], options: MediaToolOptions): Promise<{ stdout: string; stderr: string }> {
  const { niceness, ...execOptions } = options;
  const [program, ...programArgs] = dyingWithThisProcess([...atNiceness(niceness), file, ...args]);
  return execFileAsync(program!, programArgs, { ...execOptions, killSignal: 'SIGKILL', encoding: 'utf8' });
}

/** The prefix that starts a command at `niceness` (nothing without one, or where coreutils' nice is missing). */
function atNiceness(niceness: number | undefined): string[] {
  return niceness && canNice ? [NICE, '-n', String(niceness)] : [];
}

/** A command line run through setpriv's parent-death signal where it exists. */
function dyingWithThisProcess(command: readonly string[]): string[] {
  return dieWithThisProcess ? [SETPRIV, '--pdeathsig', 'KILL', '--', ...command] : [...command];
}

export interface RunFfmpegOptions {
  /** Length of the output being written; progress is out_time over this. Without it there is no progress but the final 1. */
  expectedDurationSeconds?: number;
  /** Called with a rising fraction in 0..1; the last call is exactly 1 when ffmpeg succeeds. */
  onProgress?: (fraction: number) => void;
  /** Aborting kills ffmpeg and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Past this many milliseconds ffmpeg is killed and the run rejects with FfmpegTimeoutError. */
  timeoutMs?: number;
  /**
   * Processor seconds (all of ffmpeg's threads) this run may spend: past them the kernel stops it and the
   * run rejects with FfmpegCpuLimitError. Unlike timeoutMs it measures the work itself, not how busy the
   * machine is.
   */
  cpuSeconds?: number;
}

/** What ffmpeg's last progress report said: how far the output got, and how many video frames it holds. */
export interface FfmpegRunStats {
  outTimeSeconds: number;
  frames: number;
}

const STDERR_TAIL_LINES = 30;

/**
 * ffmpeg exited non-zero. `message` is ffmpeg's own reason (one line); `command` (the binary, then its
 * arguments) and `stderrTail` are kept for logs, never for users.
 */
export class FfmpegError extends Error {
  override name = 'FfmpegError';
  /** The graph a -filter_complex_script file held, set by its caller: the file is gone with its scratch dir. */
  filterGraph?: string;
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string[],
    readonly command: readonly string[],
  ) {
    super(message);
  }
}

// Lines ffmpeg prints after the real reason; they say nothing a person can act on.
const GENERIC_LINES = [
  /^conversion failed!?$/i,
  /^invalid argument$/i,
  /^error initializing (complex )?filters?\.?$/i,
  /^error opening (output )?files?\.?$/i,
  /^error while filtering: /i,
  /^exiting normally/i,
  /^failed to set value /i,
  /^error (reinitializing|configuring) filters!?$/i,
  /^error while opening encoder/i,
  /^error parsing (global options|options for output file)/i,
  /^error opening output file/i,
  /^error initializing output stream/i,
  /^failed to inject frame into filter network/i,
  /^error while processing the decoded data/i,
  /^error marking filters as finished/i,
  /^nothing was written into output file/i,
];

/** The last line of stderr that says why ffmpeg failed, without the `[filter @ 0x…]` prefix. */
export function reasonFromStderr(lines: readonly string[], exitCode: number | null): string {
  const cleaned = lines
    .map((line) => line.replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/i, '').trim())
    .filter((line) => line.length > 0 && !/^(frame|size|video|Input #|Output #|Stream #|Duration:)/.test(line));
  const meaningful = cleaned.filter((line) => !GENERIC_LINES.some((pattern) => pattern.test(line)));
  const reason = meaningful.at(-1) ?? cleaned.at(-1);
  if (!reason) return `ffmpeg failed (exit code ${exitCode ?? 'none'})`;
  return reason.length > 200 ? `${reason.slice(0, 197)}...` : reason;
}

/** ffmpeg ran past its `timeoutMs` and was killed. */
export class FfmpegTimeoutError extends Error {
  override name = 'FfmpegTimeoutError';
  constructor(
    readonly timeoutMs: number,
    readonly args: readonly string[],
  ) {
    super(`ffmpeg was stopped after its time limit of ${timeoutMs / 1000} s`);
  }
}

/** ffmpeg spent its `cpuSeconds` and was stopped (SIGXCPU, then SIGKILL a second later). */
export class FfmpegCpuLimitError extends Error {
  override name = 'FfmpegCpuLimitError';
  constructor(
    readonly cpuSeconds: number,
    readonly args: readonly string[],
  ) {
    super(`ffmpeg was stopped after its budget of ${cpuSeconds} processor seconds`);
  }
}

/** ffmpeg catches SIGXCPU as it does SIGTERM and exits 255 with this line, when it gets the chance. */
const CPU_LIMIT_EXIT = /received signal 24\b/;

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The render was aborted', 'AbortError');
}

/**
 * Runs ffmpeg with an argument array (never a shell) and resolves when it exits 0, with its last progress
 * report. Adds the flags every run needs: no banner, no stdin, overwrite, machine-readable progress on stdout.
 */
export function runFfmpeg(binaries: FfmpegBinaries, args: string[], options: RunFfmpegOptions = {}): Promise<FfmpegRunStats> {
  const { expectedDurationSeconds, onProgress, signal, timeoutMs, cpuSeconds } = options;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const fullArgs = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'warning', '-nostats', '-progress', 'pipe:1', ...args];

  return new Promise<FfmpegRunStats>((resolve, reject) => {
    const limited = cpuSeconds !== undefined && canLimitCpu;
    const program = [
      ...atNiceness(binaries.niceness),
      ...(limited ? [PRLIMIT, `--cpu=${Math.ceil(cpuSeconds)}:${Math.ceil(cpuSeconds) + 1}`, '--'] : []),
      binaries.ffmpegPath,
    ];
    const [command, ...commandArgs] = dyingWithThisProcess([...program, ...fullArgs]);
    const child = spawn(command!, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stderrTail: string[] = [];
    let stderrRest = '';
    let stdoutRest = '';
    let reported = 0;
    let settled = false;
    const stats: FfmpegRunStats = { outTimeSeconds: 0, frames: 0 };

    const report = (fraction: number): void => {
      if (!onProgress || fraction <= reported) return;
      reported = fraction;
      onProgress(fraction);
    };

    let aborted = false;
    // The promise settles on 'close', so a caller's cleanup never races a still-running ffmpeg.
    const onAbort = (): void => {
      aborted = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, timeoutMs);

    function finish(error?: Error): void {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(stats);
    }

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (stdoutRest + chunk).split('\n');
      stdoutRest = lines.pop() ?? '';
      for (const line of lines) {
        const frame = /^frame=(\d+)/.exec(line.trim());
        if (frame?.[1]) stats.frames = Number(frame[1]);
        // ffmpeg 4.x prints only out_time_ms, which (despite its name) is in microseconds, as out_time_us is.
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
        if (!match?.[1]) continue;
        const seconds = Number(match[1]) / 1_000_000;
        stats.outTimeSeconds = seconds;
        // Never 1 before ffmpeg has exited 0: the muxer may still fail while writing the index.
        if (expectedDurationSeconds && expectedDurationSeconds > 0) report(Math.min(0.99, seconds / expectedDurationSeconds));
      }
    });

    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      const lines = (stderrRest + chunk).split(/\r?\n|\r/);
      stderrRest = lines.pop() ?? '';
      stderrTail.push(...lines);
      if (stderrTail.length > STDERR_TAIL_LINES) stderrTail.splice(0, stderrTail.length - STDERR_TAIL_LINES);
    });

    child.on('error', (error) => {
      finish(new FfmpegError(`ffmpeg could not start: ${error.message}`, null, [], [binaries.ffmpegPath, ...fullArgs]));
    });
    child.on('close', (code, exitSignal) => {
      if (settled) return;
      if (aborted && signal) {
        finish(abortReason(signal));
        return;
      }
      if (timedOut && timeoutMs !== undefined) {
        finish(new FfmpegTimeoutError(timeoutMs, fullArgs));
        return;
      }
      if (stderrRest) stderrTail.push(stderrRest);
      const tail = stderrTail.slice(-STDERR_TAIL_LINES);
      const overBudget = exitSignal === 'SIGKILL' || exitSignal === 'SIGXCPU' || tail.some((line) => CPU_LIMIT_EXIT.test(line));
      if (limited && code !== 0 && overBudget) {
        finish(new FfmpegCpuLimitError(cpuSeconds, fullArgs));
        return;
      }
      if (code === 0) {
        report(1);
        finish();
      } else {
        finish(new FfmpegError(reasonFromStderr(tail, code), code, tail, [binaries.ffmpegPath, ...fullArgs]));
      }
    });
  });
}
