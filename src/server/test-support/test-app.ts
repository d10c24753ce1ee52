import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { scryptPasswordHasher } from '../auth/password-hash.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Db, createDatabase } from '../db/database.ts';
import { createDatabaseQueue } from '../jobs/database-queue.ts';
import { jobLimitsFrom } from '../jobs/job-limits.ts';
import { createLogger } from '../logger.ts';
import { type Services, closeServices, createServices, jobDefinitionsFor } from '../services.ts';
import type { WatermarkRenderer } from '../media/watermarked-video.ts';
import { createStartupRenders } from '../render/startup-renders.ts';
import { testFfmpeg } from './test-ffmpeg.ts';
import { type TestDatabase, sqliteDatabase } from './database-targets.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  services: Services;
  dataDir: string;
  /** Whether this process runs queued jobs (the `runJobs` option). */
  runsJobs: boolean;
  close(): Promise<void>;
}

interface TestAppOptions {
  env?: Record<string, string>;
  services?: Partial<Omit<Services, 'config' | 'logger' | 'db'>>;
  clientDir?: string | null;
  /** Run queued jobs (generation) in this process, polling fast. */
  runJobs?: boolean;
  /** Receives the app's log lines (with `env: { LOG_LEVEL }` above silent). */
  logStream?: { write(line: string): void };
  rateLimitNamespace?: string;
}

/**
 * Stores the master itself as the free plan's copy: the default in test apps, whose tests are about who gets
 * which file, not about its pixels. watermarked-video.test.ts and a few others pass the real
 * `renderWatermarkedRendition`, a full-size encode.
 */
const copyWithoutWatermark: WatermarkRenderer = (_ffmpeg, { inputFile, outputFile }) => fs.copyFile(inputFile, outputFile);

/**
 * Real scrypt at N=2^10 instead of the app's 2^15: the suite signs up and logs in about 370 times, which at ~0.1 s
 * of CPU each was 8 % of `npm test`'s processor time. A stored hash carries its cost, so either verifies the other's.
 */
const testPasswords = scryptPasswordHasher(2 ** 10);

/** A real app on a fresh migrated database (SQLite unless told) in a temporary DATA_DIR, with the embedded adapters. */
export async function createTestApp(database: TestDatabase = sqliteDatabase, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-test-'));
  const { target, drop } = await database.create(dataDir);
  // A test app runs no start-up (main.ts queues the built-in renders): it says so unless a test turns it on.
  // Exports at normal priority: at the app's nice 10 a test's export got a tenth of what the suite's other
  // processes got on a busy machine, and gave up waiting (issue 42 H). startup-renders.test.ts checks the default.
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PATH: process.env.PATH ?? '', STARTUP_RENDERS: 'off', EXPORT_NICENESS: '0', ...options.env };
  const config = { ...loadConfig(env), database: target };
  const logger = createLogger(config, options.logStream);
  const db = createDatabase(target);
  const queue = options.services?.queue ?? createDatabaseQueue(db, logger, { pollMs: 25, retryDelay: () => 100, limits: jobLimitsFrom(config) });
  const configuresFfmpeg = Boolean(config.ffmpeg.ffmpegPath || config.ffmpeg.ffprobePath || options.env?.PATH !== undefined);
  const ffmpeg = options.services?.ffmpeg ?? (configuresFfmpeg ? undefined : await testFfmpeg());
  // The start-up renders (for tests that turn them on) at normal priority: at nice 19 a busy machine starves them,
  // and their priority is startup-renders.test.ts's subject, not these tests'.
  const startupRenders = ffmpeg && createStartupRenders(ffmpeg, 0);
  const services = await createServices(config, logger, { renderWatermark: copyWithoutWatermark, passwords: testPasswords, ffmpeg, startupRenders, ...options.services, db, queue });
  const app = await buildApp(services, { clientDir: options.clientDir ?? null, rateLimitNamespace: options.rateLimitNamespace });
  await app.ready();
  if (options.runJobs) services.queue.start(jobDefinitionsFor(services));
  return {
    app,
    db,
    config,
    services,
    dataDir,
    runsJobs: Boolean(options.runJobs),
    async close() {
      await app.close();
      await closeServices(services);
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie a response set, as a Cookie header value for the next request. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'promptreel_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export async function signUp(
  app: FastifyInstance,
  body: { username: string; password?: string; email?: string },
): Promise<{ cookie: string; userId: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { password: 'secret-pass', ...body },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed ${response.statusCode}: ${response.body}`);
  return { cookie: sessionCookieFrom(response), userId: response.json().user.id };
}

/** Polls until `check` holds (jobs run in the background). */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 30_000, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
