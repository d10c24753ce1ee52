import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropRunSchemas, migrateDatabase } from './database-targets.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file that every test app's database is copied from. */
    sqliteTemplate: string | undefined;
    /** Names this run's PostgreSQL schemas, so runs sharing a database never meet. */
    runId: string | undefined;
  }
}

/**
 * Vitest global setup: migrates the SQLite template once per run and says once which services the suites
 * run against. The teardown removes the template and this run's PostgreSQL schemas.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  announceServices();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-template-'));
  const template = path.join(dir, 'template.sqlite');
  await migrateDatabase({ kind: 'sqlite', file: template });
  // Copies are taken while no connection is open, so the file holds everything (no -wal beside it).
  const runId = randomBytes(4).toString('hex');
  project.provide('sqliteTemplate', template);
  project.provide('runId', runId);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    if (process.env.TEST_DATABASE_URL) await dropRunSchemas(process.env.TEST_DATABASE_URL, runId);
  };
}

function announceServices(): void {
  console.log(
    !process.env.TEST_DATABASE_URL
      ? 'PostgreSQL suite skipped: TEST_DATABASE_URL is not set (SQLite only).'
      : process.env.TEST_SERVICES_ONLY
        ? 'Database suites run on PostgreSQL only (TEST_DATABASE_URL, TEST_SERVICES_ONLY): npm test covers SQLite.'
        : 'Database suites run on SQLite and on PostgreSQL (TEST_DATABASE_URL).',
  );
  console.log(
    process.env.TEST_REDIS_URL
      ? 'Queue suites run on the database queue and on BullMQ (TEST_REDIS_URL).'
      : 'Redis (BullMQ) suite skipped: TEST_REDIS_URL is not set.',
  );
}
