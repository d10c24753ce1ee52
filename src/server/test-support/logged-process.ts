import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { entryArguments, inheritedEnvironment } from './server-process.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** One pino line of a process's stdout. */
export type LogLine = Record<string, unknown> & { msg?: string; pid?: number };

export interface LoggedProcess {
  readonly name: string;
  readonly pid: number;
  /** Its stdout's JSON log lines so far, in order. */
  readonly lines: LogLine[];
  /** True once it has exited. */
  exited(): boolean;
  /** Its last lines, stdout and stderr, for a failure message. */
  tail(count?: number): string;
  /** Sends `signal` and resolves when the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** SIGTERM (a graceful shutdown), then SIGKILL if it is still running after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Runs a PromptReel entry point (compiled: see `entryArguments`), as `npm start` (main) and
 * `npm run worker` (worker) run the build, and keeps its JSON log lines so a test can see what
 * the process did. Only the given `env` configures it: nothing of the test run's configuration leaks in.
 */
export function startLoggedProcess(name: string, entry: 'main' | 'worker', env: Record<string, string>): LoggedProcess {
  const child: ChildProcess = spawn(process.execPath, entryArguments(entry), {
    cwd: root,
    env: { ...inheritedEnvironment(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${name} did not start`);
  const lines: LogLine[] = [];
  const raw: string[] = [];
  let exitCode: number | string | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? signal;
      resolve();
    }),
  );

  readline.createInterface({ input: child.stdout! }).on('line', (text) => {
    raw.push(text);
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {
      // Not a log line (a stack trace printed before the logger existed): kept in `raw` only.
    }
  });
  readline.createInterface({ input: child.stderr! }).on('line', (text) => raw.push(`[stderr] ${text}`));

  return {
    name,
    pid: child.pid,
    lines,
    exited: () => exitCode !== undefined,
    tail: (count = 20) =>
      `--- last lines of ${name} (pid ${child.pid}${exitCode === undefined ? '' : `, exited ${exitCode}`}) ---\n${raw.slice(-count).join('\n')}`,
    async kill(signal) {
      if (exitCode === undefined) child.kill(signal);
      await exit;
    },
    async stop(graceMs = 10_000) {
      if (exitCode === undefined) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
    },
  };
}

/**
 * Waits for a log line that `match` accepts in any of `processes` (written already or still to
 * come) and says which process wrote it. On timeout, the error shows each process's last lines.
 */
export async function waitForLog(
  processes: LoggedProcess[],
  match: (line: LogLine) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<{ process: LoggedProcess; line: LogLine }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const candidate of processes) {
      const line = candidate.lines.find(match);
      if (line) return { process: candidate, line };
    }
    const dead = processes.find((candidate) => candidate.exited());
    if (dead || Date.now() > deadline) {
      const why = dead ? `${dead.name} exited` : `timed out after ${timeoutMs} ms`;
      throw new Error(`Waiting for ${what}: ${why}\n${processes.map((candidate) => candidate.tail()).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
