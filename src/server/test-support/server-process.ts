import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { DatabaseTarget } from '../config.ts';
import { waitFor } from './wait-for.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The server compiled as `npm run build:server` lays it out (server/main.js, server/worker.js …), for
     * tests that spawn it; built by the global setup server-build-setup.ts.
     */
    serverBuild: string | undefined;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * What a spawned PromptReel process (server, worker, bench server) takes from the test run's environment:
 * where programs are, and nothing that configures the app — keys or URLs in the developer's shell
 * (GEMINI_API_KEY, REDIS_URL, S3_BUCKET …) must not switch it to real services.
 */
export function inheritedEnvironment(): Record<string, string> {
  const names = ['PATH', 'HOME', 'FFMPEG_PATH', 'FFPROBE_PATH'];
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

/**
 * Node's arguments to run PromptReel's `entry` point (`npm start` is main, `npm run worker` is worker): the
 * compiled server that the global setup built for this run (server-build-setup.ts), as `npm start` runs
 * dist/; without that setup, the source through tsx (each start then compiles every module again).
 */
export function entryArguments(entry: 'main' | 'worker'): string[] {
  const build = inject('serverBuild');
  return build ? [path.join(build, 'server', `${entry}.js`)] : ['--import', 'tsx', `src/server/${entry}.ts`];
}

/** A port nothing listens on right now, chosen by the OS. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server's own DATA_DIR and temp dir (its scratch dirs land in `tmpDir`), and the port it listens on. */
export interface ServerHome {
  dataDir: string;
  tmpDir: string;
  mediaDir: string;
  databaseFile: string;
  port: number;
  baseUrl: string;
  remove(): Promise<void>;
}

export async function makeServerHome(name: string): Promise<ServerHome> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), `promptreel-${name}-`));
  const dataDir = path.join(home, 'data');
  const tmpDir = path.join(home, 'tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  const port = await freePort();
  return {
    dataDir,
    tmpDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseFile: path.join(dataDir, 'promptreel.sqlite'),
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    remove: () => fs.rm(home, { recursive: true, force: true }),
  };
}

/**
 * A server home with a database of its own made by `database` (a TestDatabase of database-targets.ts: on SQLite
 * a copy of the migrated template), and the settings that point a server at it; `remove` gives back both.
 */
export async function makeServerHomeOn(database: { create(dir: string): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> }, name: string) {
  const home = await makeServerHome(name);
  await fs.mkdir(home.dataDir, { recursive: true });
  const { target, drop } = await database.create(home.dataDir);
  const settings: Record<string, string> = { DATABASE_URL: target.kind === 'sqlite' ? `sqlite:${target.file}` : target.url };
  return {
    home,
    target,
    settings,
    async remove() {
      await drop();
      await home.remove();
    },
  };
}

/** The real server process (compiled, as `npm start` runs it), with the embedded adapters. */
export interface ServerProcess {
  pid: number;
  /**
   * SIGKILL to the server alone, as a crash or the OOM killer would. Its ffmpeg children are not told: they
   * ignore SIGPIPE and render on, orphaned, until `kill()`.
   */
  crash(): Promise<void>;
  /** SIGTERM: the graceful shutdown. Resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL to the server and everything it started (its process group), whatever is still running. */
  kill(): void;
}

/** `settings` add to or replace the environment below (e.g. a short SHUTDOWN_TIMEOUT_SECONDS). */
export async function startServer(home: ServerHome, settings: Record<string, string> = {}): Promise<ServerProcess> {
  const env: Record<string, string> = {
    ...inheritedEnvironment(),
    TMPDIR: home.tmpDir,
    PORT: String(home.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: home.baseUrl,
    DATA_DIR: home.dataDir,
    JOB_LEASE_SECONDS: '2',
    LOG_LEVEL: 'warn',
    // No example clips or music tracks rendered at start-up: none of these tests is about them, and their
    // renders would compete with the test's own for the CPU (examples render on first request; nothing asks).
    STARTUP_RENDERS: 'off',
    // Exports at normal priority, as in createTestApp: job-cancellation.test.ts checks the app's own nice 10.
    EXPORT_NICENESS: '0',
    ...settings,
  };
  // Its own process group, so clean-up can reach the ffmpeg processes it started.
  const child = spawn(process.execPath, entryArguments('main'), { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const server: ServerProcess = {
    pid: child.pid!,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      return child.exitCode;
    },
    kill() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
  };
  // Detached, it would outlive a test run stopped with Ctrl-C.
  const onTestExit = () => server.kill();
  process.once('exit', onTestExit);
  child.once('exit', () => process.off('exit', onTestExit));
  const state = await waitFor('the server to listen', async () => {
    if (!running()) return 'exited';
    return (await fetch(`${home.baseUrl}/healthz`)).ok ? 'listening' : undefined;
  }, 60_000, 200).catch((error: unknown) => {
    server.kill();
    throw error;
  });
  if (state === 'exited') throw new Error(`the server exited before it listened (${child.exitCode ?? child.signalCode})`);
  return server;
}

/** The Veo model a spawned server uses when pointed at the fake Veo server (README "AI providers"). */
const FAKE_VEO_MODEL = 'veo-3.1-fast-generate-001';

/**
 * The settings that make a spawned server generate with Veo on the Gemini API at `baseUrl` (the fake Veo
 * server running in the test process, reached over loopback), with `apiKey`, as README "AI providers" says.
 */
export function fakeVeoSettings(veo: { baseUrl: string }, apiKey: string): Record<string, string> {
  return { GEMINI_API_KEY: apiKey, GEMINI_BASE_URL: veo.baseUrl, VIDEO_MODEL: FAKE_VEO_MODEL };
}

/** Signs a new user up over HTTP; returns the Cookie header value for the next requests. */
export async function signUpOverHttp(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'secret-pass' }),
  });
  if (response.status !== 201) throw new Error(`signup failed ${response.status}: ${await response.text()}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** A JSON request as the signed-in user; rejects on a non-2xx answer. */
export async function requestJson<T>(baseUrl: string, cookie: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
