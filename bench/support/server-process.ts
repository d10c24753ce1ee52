/**
 * Starts a server in its own Node process, so the load generator (autocannon, or the upload client)
 * and the server do not share one event loop and the figures are the server's own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, inheritedEnvironment } from '../../src/server/test-support/server-process.ts';
import { memoryMiB } from './measure.ts';
import { processCpuSeconds } from '../../src/server/test-support/process-cpu.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The production entry point: config from the environment, migrations, the job runner, listen. */
export const APP_MAIN = fileURLToPath(new URL('../../src/server/main.ts', import.meta.url));
export const HELLO_SERVER = fileURLToPath(new URL('./hello-server.ts', import.meta.url));

export interface ServerProcess {
  pid: number;
  url: string;
  port: number;
  cpuSeconds(): number;
  rssMiB(): number;
  peakRssMiB(): number;
  stop(): Promise<void>;
}

/**
 * Runs `script` with `node --import tsx` on 127.0.0.1:<free port> and waits until it answers HTTP.
 * The environment is only what is passed (plus `inheritedEnvironment()`), so the developer's other
 * settings (DATABASE_URL, API keys) never leak into a bench. `nodeArgs` (say `--cpu-prof`) go
 * to node itself.
 */
export async function startServer(script: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: repoRoot,
    env: {
      ...inheritedEnvironment(),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitForHttp(url, child, exited, () => stderr);
  const pid = child.pid as number;
  return {
    pid,
    url,
    port,
    cpuSeconds: () => processCpuSeconds(pid),
    rssMiB: () => memoryMiB(pid, 'VmRSS'),
    peakRssMiB: () => memoryMiB(pid, 'VmHWM'),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}

async function waitForHttp(url: string, child: ChildProcess, exited: Promise<number | null>, stderr: () => string): Promise<void> {
  let dead = false;
  void exited.then(() => (dead = true));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (dead) throw new Error(`server exited with code ${child.exitCode} before listening:\n${stderr()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return; // any HTTP answer (the app's 404 included) means it listens
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within 60 s:\n${stderr()}`);
}
