import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createResetToken } from './auth/reset-tokens-repository.ts';
import { createSession } from './auth/sessions-repository.ts';
import type { UploadStatus } from './db/schema.ts';
import { runHousekeeping } from './housekeeping.ts';
import { insertMediaAsset } from './media/media-assets-repository.ts';
import { insertUpload } from './media/uploads-repository.ts';
import { insertProject } from './projects/projects-repository.ts';
import { storageKey } from './providers/storage/storage.ts';
import { testDatabases } from './test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from './test-support/test-app.ts';
import { uniqueName } from './test-support/unique-name.ts';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();

describe.each(testDatabases())('housekeeping on $name', (database) => {
  // One app for the describe, a user of their own per test whose rows the checks read.
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    ({ userId } = await signUp(t.app, { username: uniqueName('keeper') }));
  });

  /** An upload row in `status` whose ticket expires `expiresIn` minutes from NOW, with a stored file. */
  async function upload(id: string, status: UploadStatus, expiresIn: number, projectId: string | null = null, mediaId: string | null = null) {
    const key = storageKey('uploads', id);
    await t.services.storage.putStream(key, Readable.from([Buffer.from(`file of ${id}`)]), { contentType: 'video/mp4' });
    await insertUpload(t.db, { id, userId, tokenHash: `hash-${id}`, storageKey: key, createdAt: minutes(expiresIn - 60), expiresAt: minutes(expiresIn) });
    await t.db.updateTable('uploads').set({ status, projectId, mediaId }).where('id', '=', id).execute();
  }

  /** A video added to project `projectId`'s media by an upload. */
  async function asset(id: string, projectId: string, status: 'generating' | 'error') {
    await insertMediaAsset(t.db, {
      id, projectId, userId, kind: 'video', origin: 'uploaded', status, errorMessage: null, fileKey: null, posterKey: null, width: null, height: null,
      fps: null, hasAudio: null, prompt: null, continueFrom: null, createdAt: minutes(-20), updatedAt: minutes(-20),
    });
  }

  async function project(id: string, status: 'generating' | 'error') {
    await insertProject(t.db, {
      id, userId, title: id, prompt: '', aspectRatio: '9:16', status, source: 'upload', targetDuration: null, videoUrl: null,
      thumbnailUrl: null, editorState: null, errorMessage: null, videoKey: null, thumbnailKey: null, createdAt: minutes(-30), updatedAt: minutes(-30),
    });
  }

  it('removes the files and rows of abandoned uploads, keeps live ones, and is safe to run twice at once', async () => {
    await project('still-processing', 'generating');
    await project('refused', 'error');
    await upload('never-put', 'pending', -1);
    await upload('never-completed', 'uploaded', -30);
    await upload('legacy-completed', 'completed', -120);
    await upload('killed-while-checking', 'checking', -20);
    await upload('killed-after-refusal', 'processing', 30, 'refused');
    await upload('project-deleted', 'processing', 30, 'gone');
    await upload('live-ticket', 'pending', 10);
    await upload('live-upload', 'uploaded', 1);
    await upload('checking-now', 'checking', -5);
    await upload('queued-for-long', 'processing', -90, 'still-processing');
    await asset(`${userId}-added`, 'still-processing', 'generating');
    await asset(`${userId}-refused`, 'still-processing', 'error');
    await upload('asset-processing', 'processing', -90, null, `${userId}-added`);
    await upload('asset-refused', 'processing', 30, null, `${userId}-refused`);
    await upload('asset-deleted', 'processing', 30, null, 'gone');

    await Promise.all([runHousekeeping(t.db, t.services.storage, NOW, t.services.logger), runHousekeeping(t.db, t.services.storage, NOW, t.services.logger)]);

    const rows = await t.db.selectFrom('uploads').select('id').where('userId', '=', userId).orderBy('id').execute();
    const kept = ['asset-processing', 'checking-now', 'live-ticket', 'live-upload', 'queued-for-long'];
    expect(rows.map((row) => row.id)).toEqual(kept);
    for (const id of kept) expect(await t.services.storage.stat(storageKey('uploads', id))).not.toBeNull();
    for (const id of ['never-put', 'never-completed', 'legacy-completed', 'killed-while-checking', 'killed-after-refusal', 'project-deleted', 'asset-refused', 'asset-deleted']) {
      expect(await t.services.storage.stat(storageKey('uploads', id))).toBeNull();
    }
  });

  it('removes expired sessions and password-reset tokens, and keeps live ones', async () => {
    await t.db.deleteFrom('sessions').where('userId', '=', userId).execute();
    await createSession(t.db, userId, new Date(NOW.getTime() - 400 * 24 * 3600_000));
    const live = await createSession(t.db, userId, NOW);
    await createResetToken(t.db, userId, new Date(NOW.getTime() - 2 * 3600_000));
    await createResetToken(t.db, userId, NOW);

    await runHousekeeping(t.db, t.services.storage, NOW, t.services.logger);

    const sessions = await t.db.selectFrom('sessions').select('expiresAt').where('userId', '=', userId).execute();
    expect(sessions).toEqual([{ expiresAt: live.expiresAt.toISOString() }]);
    const tokens = await t.db.selectFrom('passwordResetTokens').select('expiresAt').where('userId', '=', userId).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.expiresAt > NOW.toISOString()).toBe(true);
  });
});
