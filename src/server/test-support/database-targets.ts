import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseTarget } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** Makes a fresh, empty, migrated database for one test app, and a function that gives it back. */
  create(dir: string): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }>;
}

/** Every file's SQLite database is a copy of one migrated by the global setup (test-run-setup.ts). */
export const sqliteDatabase: TestDatabase = {
  name: 'sqlite',
  async create(dir) {
    const file = `${dir}/test.sqlite`;
    const template = inject('sqliteTemplate');
    if (template) await fs.copyFile(template, file);
    return { target: { kind: 'sqlite', file }, drop: async () => {} };
  },
};

async function adminQuery(baseUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

function schemaTarget(baseUrl: string, schema: string): DatabaseTarget {
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { kind: 'postgres', url: url.toString() };
}

/** Empties every table of `schema` but the migrations' own, so the schema is as new and still migrated. */
async function truncateTables(baseUrl: string, schema: string): Promise<void> {
  const { rows } = await adminQuery(
    baseUrl,
    `select tablename from pg_tables where schemaname = '${schema}' and tablename not like 'kysely_migration%'`,
  );
  if (rows.length === 0) return;
  const tables = rows.map((row: { tablename: string }) => `${schema}."${row.tablename}"`).join(', ');
  await adminQuery(baseUrl, `truncate ${tables} restart identity cascade`);
}

/** Opens `target`, runs every migration it lacks, and closes it again. */
export async function migrateDatabase(target: DatabaseTarget): Promise<void> {
  const db = createDatabase(target);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/**
 * A schema of its own for this run, named so the run's teardown drops it (dropRunSchemas). No schema is
 * dropped while the run goes on: Kysely's migrator reads every schema's tables (pg_get_serial_sequence by
 * schema name), and a schema another worker drops in the middle of that read fails this worker's migration
 * with `schema "…" does not exist`.
 */
export function runSchemaName(kind: string): string {
  return `t_${inject('runId') ?? randomBytes(4).toString('hex')}_${kind}`;
}

/**
 * PostgreSQL: each vitest worker migrates one schema of its own once, and every test app it starts takes
 * that schema back emptied (files in a worker run one after another). An app made while the worker's schema
 * is still in use (a test with two apps at once) gets a fresh schema of its own, left to the run's teardown.
 */
let workerSchemaInUse = false;

function postgres(baseUrl: string): TestDatabase {
  // Named by the worker's process id: VITEST_POOL_ID is not unique among the workers alive at once (two integration
  // workers with pool id 1 were seen emptying each other's schema under a running app: sessions gone, jobs lost).
  const workerSchema = runSchemaName(`w${process.pid}`);
  return {
    name: 'postgres',
    async create() {
      if (!workerSchemaInUse) {
        workerSchemaInUse = true;
        const target = schemaTarget(baseUrl, workerSchema);
        const { rowCount } = await adminQuery(baseUrl, `select 1 from pg_namespace where nspname = '${workerSchema}'`);
        if (rowCount === 0) {
          await adminQuery(baseUrl, `create schema ${workerSchema}`);
          await migrateDatabase(target);
        } else {
          await truncateTables(baseUrl, workerSchema);
        }
        return { target, drop: async () => void (workerSchemaInUse = false) };
      }
      const schema = runSchemaName(`x${randomBytes(6).toString('hex')}`);
      await adminQuery(baseUrl, `create schema ${schema}`);
      return { target: schemaTarget(baseUrl, schema), drop: async () => {} };
    },
  };
}

/** Drops every schema of the run `runId` (the global setup's teardown). */
export async function dropRunSchemas(baseUrl: string, runId: string): Promise<void> {
  const { rows } = await adminQuery(baseUrl, `select nspname from pg_namespace where nspname like 't\\_${runId}\\_%'`);
  for (const { nspname } of rows as Array<{ nspname: string }>) await adminQuery(baseUrl, `drop schema ${nspname} cascade`);
}

/**
 * The databases a suite whose behaviour differs by database runs on: SQLite always; PostgreSQL too when
 * TEST_DATABASE_URL is set. The services suite (`npm run test:services`, TEST_SERVICES_ONLY) runs
 * PostgreSQL alone: `npm test` has run SQLite. Calling this is how a file joins the services suite
 * (docs/testing.md); a file whose SQL is not what it tests uses `sqliteDatabase`.
 */
export function testDatabases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return [sqliteDatabase];
  return process.env.TEST_SERVICES_ONLY ? [postgres(url)] : [sqliteDatabase, postgres(url)];
}
