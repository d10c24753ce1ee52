import { type ChildProcess, type Serializable, spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** util-linux's setpriv and prlimit, as ffmpeg-runner.ts uses them: each execs its command in place. */
const SETPRIV = '/usr/bin/setpriv';
const PRLIMIT = '/usr/bin/prlimit';
const onLinux = process.platform === 'linux';
const canDieWithParent = onLinux && fs.existsSync(SETPRIV);
const canLimitMemory = onLinux && fs.existsSync(PRLIMIT);

const NODE_FLAGS = [
  // Node's WASI calls run as V8 fast API calls, and an allocation inside one can start a garbage collection
  // there, which corrupts the heap and aborts the process (nodejs/node#46777): Flite reading or tracing a long
  // utterance (130 × "hello ...") did, every time. Without fast calls WASI takes V8's ordinary call path.
  '--no-turbo-fast-api-calls',
  '--disable-warning=ExperimentalWarning',
];

/** The last lines of a failed engine's stderr kept for the log. */
const STDERR_TAIL_LINES = 30;
/** How Node states why it ended: `RangeError: Array buffer allocation failed`, `FATAL ERROR: … out of memory`. */
const NODE_REASON = /^\s*(\w*Error\b|FATAL ERROR\b)/;

export interface EngineProcessOptions {
  /** Aborting kills the process and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The process's writable memory (RLIMIT_DATA: Node's heap and WebAssembly memories); past it allocation fails. */
  memoryBytes: number;
}

/** An engine process ended without its answer: crashed, killed, over its memory, or threw. For logs, not users. */
export class EngineProcessError extends Error {
  override name = 'EngineProcessError';
  constructor(
    readonly entry: string,
    readonly exitCode: number | null,
    readonly exitSignal: NodeJS.Signals | null,
    readonly stderrTail: string[],
  ) {
    const how = exitSignal ? `was ended by ${exitSignal}` : `exited with code ${exitCode}`;
    const reason = stderrTail.findLast((line) => NODE_REASON.test(line)) ?? stderrTail.at(-1);
    super(`The engine process ${entry} ${how} without an answer${reason ? `: ${reason.trim().slice(0, 300)}` : ''}`);
  }
}

/**
 * Node's command line for an engine module: built (dist/) it is plain JS; from sources (tests, `node --import
 * tsx`) the child loads tsx first, as worker-thread.ts does for workers.
 */
function nodeArguments(entry: URL): string[] {
  const loader = entry.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx/esm')] : [];
  return [...NODE_FLAGS, ...loader, fileURLToPath(entry)];
}

function spawnEngine(entry: URL, memoryBytes: number): ChildProcess {
  const command = [
    ...(canDieWithParent ? [SETPRIV, '--pdeathsig', 'KILL', '--'] : []),
    ...(canLimitMemory ? [PRLIMIT, `--data=${memoryBytes}`, '--'] : []),
    process.execPath,
    ...nodeArguments(entry),
  ];
  return spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' });
}

/**
 * Runs an engine module (`entry`) in a Node process of its own, sends it `data` and resolves with the one
 * message it sends back. Native code that can abort the process it runs in (Node's WASI) ends only that
 * process: a crash, a kill or a throw rejects with an EngineProcessError. The process dies with this one
 * (parent-death signal), is capped at `memoryBytes`, and is killed when `signal` aborts.
 */
export function runEngineProcess<Result>(entry: URL, data: Serializable, options: EngineProcessOptions): Promise<Result> {
  const { signal, memoryBytes } = options;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  const child = spawnEngine(entry, memoryBytes);
  const stderr: string[] = [];
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr.push(...chunk.split('\n').filter((line) => line.trim().length > 0));
    stderr.splice(0, Math.max(0, stderr.length - STDERR_TAIL_LINES));
  });
  return new Promise<Result>((resolve, reject) => {
    let answer: { result: Result } | undefined;
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    // The engine disconnects once it has answered (serveEngine); a disconnect from this side here would
    // keep 'close' from ever coming (Node 20).
    child.once('message', (message: Result) => {
      answer = { result: message };
    });
    child.once('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    // 'close' comes after stderr's last line, so a failure carries it.
    child.once('close', (code, exitSignal) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(signal.reason as Error);
      else if (answer && code === 0) resolve(answer.result);
      else reject(new EngineProcessError(fileURLToPath(entry), code, exitSignal, stderr));
    });
    child.send(data);
  });
}

/**
 * The engine side: receives the one message `runEngineProcess` sends, answers with what `run` returns and lets
 * the process end. A throw ends it with its stack on stderr, which the parent keeps for the log.
 */
export function serveEngine<Data, Result>(run: (data: Data) => Result): void {
  process.once('message', (data: Data) => {
    process.send!(run(data), () => process.disconnect());
  });
}
