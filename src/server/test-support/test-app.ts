import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Db, createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { type Mailer, createMailer } from '../providers/mailer/index.ts';
import type { TestDatabase } from './database-targets.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  clientDir?: string | null;
}

/** A real app on a fresh migrated database in a temporary DATA_DIR. */
export async function createTestApp(database: TestDatabase, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-test-'));
  const { target, drop } = await database.create(dataDir);
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env }), database: target };
  const logger = createLogger(config);
  const db = createDatabase(target);
  await migrateToLatest(db);
  const mailer = options.mailer ?? createMailer(config, logger);
  const app = await buildApp({ config, db, mailer, logger, clientDir: options.clientDir ?? null });
  await app.ready();
  return {
    app,
    db,
    config,
    dataDir,
    async close() {
      await app.close();
      await db.destroy();
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
