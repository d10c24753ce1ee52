import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../config.ts';
import { createDatabase } from './database.ts';
import { runSchemaName } from '../test-support/database-targets.ts';
import { editorDocumentFixture } from '../test-support/editor-document-fixtures.ts';
import { createMigrator, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

/** Every table schema.ts describes (in camelCase, as the app names them). */
const TABLES: Array<keyof Database> = [
  'users', 'sessions', 'passwordResetTokens', 'videoProjects', 'musicTracks', 'exportJobs', 'creditLedger', 'jobs',
  'generationSegments', 'uploads', 'subscriptionChanges', 'stripeEvents', 'jobTimings', 'mediaAssets',
];

/**
 * Test apps copy a database the run migrated once, so here every migration runs from an empty database on
 * each engine: the path a new install takes.
 */
const targets: Array<{ name: string; make: () => Promise<{ target: DatabaseTarget; remove: () => Promise<void> }> }> = [
  {
    name: 'sqlite',
    async make() {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-migrate-'));
      return { target: { kind: 'sqlite' as const, file: path.join(dir, 'new.sqlite') }, remove: () => fs.rm(dir, { recursive: true, force: true }) };
    },
  },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', make: () => emptyPostgresSchema(process.env.TEST_DATABASE_URL!) }] : []),
].filter((entry) => !(process.env.TEST_SERVICES_ONLY && entry.name === 'sqlite'));

async function emptyPostgresSchema(baseUrl: string) {
  // Left to the run's teardown: dropping it now could fail another worker's migration (runSchemaName).
  const schema = runSchemaName(`migrate${randomBytes(5).toString('hex')}`);
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { target: { kind: 'postgres', url: url.toString() } as DatabaseTarget, remove: async () => {} };
}

describe.each(targets)('migrations from an empty database on $name', ({ make }) => {
  let made: Awaited<ReturnType<typeof make>>;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(() => made.remove());

  it('runs every migration in order, makes the tables, and a second run changes nothing', async () => {
    const db = createDatabase(made.target);
    try {
      await migrateToLatest(db);
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
      // Each table answers a query: a missing one (or a misnamed column set) would throw here.
      for (const table of TABLES) expect(await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).toEqual({ n: expect.anything() });

      await migrateToLatest(db);
      expect((await sql`select name from kysely_migration`.execute(db)).rows).toHaveLength(applied.rows.length);
    } finally {
      await db.destroy();
    }
  });

  it('gives every project that was there its clip as its first asset, the asset with the project’s id', async () => {
    const { target } = await make();
    const db = createDatabase(target);
    try {
      const before = await (await createMigrator(db)).migrateTo('2026-11-28T0900-music-track-processing');
      expect(before.error).toBeUndefined();
      const at = '2026-11-20T10:00:00.000Z';
      await db.insertInto('users').values({ id: 'u1', username: 'old', usernameKey: 'old', email: null, passwordHash: 'x', createdAt: at }).execute();
      const project = { userId: 'u1', title: 'Old', aspectRatio: '9:16', videoUrl: null, thumbnailUrl: null, editorState: null, targetDuration: 8, createdAt: at, updatedAt: at };
      await db
        .insertInto('videoProjects')
        .values([
          { ...project, id: 'ready', prompt: 'A fox', source: 'ai-generated', status: 'ready', duration: 8.04, videoKey: 'projects/ready/video-1.mp4', thumbnailKey: 'projects/ready/thumbnail-1.jpg', errorMessage: null },
          { ...project, id: 'refused', prompt: '', source: 'upload', duration: 0, status: 'error', videoKey: null, thumbnailKey: null, errorMessage: 'That file is not a video.' },
          { ...project, id: 'making', prompt: 'A hare', source: 'ai-generated', duration: 0, status: 'generating', videoKey: null, thumbnailKey: null, errorMessage: null },
        ] as never)
        .execute();
      await migrateToLatest(db);
      const assets = await db.selectFrom('mediaAssets').selectAll().orderBy('id').execute();
      expect(assets.map(({ id, projectId, userId, kind, origin, status, errorMessage, fileKey, posterKey, duration, prompt }) => ({ id, projectId, userId, kind, origin, status, errorMessage, fileKey, posterKey, duration, prompt }))).toEqual([
        { id: 'making', projectId: 'making', userId: 'u1', kind: 'video', origin: 'generated', status: 'generating', errorMessage: null, fileKey: null, posterKey: null, duration: 0, prompt: 'A hare' },
        { id: 'ready', projectId: 'ready', userId: 'u1', kind: 'video', origin: 'generated', status: 'ready', errorMessage: null, fileKey: 'projects/ready/video-1.mp4', posterKey: 'projects/ready/thumbnail-1.jpg', duration: 8.04, prompt: 'A fox' },
        { id: 'refused', projectId: 'refused', userId: 'u1', kind: 'video', origin: 'uploaded', status: 'error', errorMessage: 'That file is not a video.', fileKey: null, posterKey: null, duration: 0, prompt: null },
      ]);
      // Deleting a project deletes its assets.
      await db.deleteFrom('videoProjects').where('id', '=', 'ready').execute();
      expect(await db.selectFrom('mediaAssets').select('id').where('projectId', '=', 'ready').execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('records the output length of every saved edit (its trim), and none for a project never edited or an edit it cannot read', async () => {
    const { target } = await make();
    const db = createDatabase(target);
    try {
      expect((await (await createMigrator(db)).migrateTo('2026-11-28T1200-media-assets')).error).toBeUndefined();
      const at = '2026-11-20T10:00:00.000Z';
      await db.insertInto('users').values({ id: 'u1', username: 'old', usernameKey: 'old', email: null, passwordHash: 'x', createdAt: at }).execute();
      const project = { userId: 'u1', title: 'Old', prompt: 'A fox', aspectRatio: '9:16', videoUrl: null, thumbnailUrl: null, targetDuration: 8, createdAt: at, updatedAt: at };
      await db
        .insertInto('videoProjects')
        .values([
          { ...project, id: 'trimmed', duration: 8, editorState: editorDocumentFixture(3) },
          { ...project, id: 'untouched', duration: 8, editorState: null },
          { ...project, id: 'broken', duration: 8, editorState: '{"trim": ' },
        ] as never)
        .execute();
      await migrateToLatest(db);
      const rows = await db.selectFrom('videoProjects').select(['id', 'outputDuration']).orderBy('id').execute();
      // The version 3 fixture is trimmed to 0–3.5 s.
      expect(rows).toEqual([
        { id: 'broken', outputDuration: null },
        { id: 'trimmed', outputDuration: 3.5 },
        { id: 'untouched', outputDuration: null },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
