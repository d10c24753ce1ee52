import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSubscription } from '../billing/subscriptions.ts';
import { createS3Client } from '../providers/storage/s3-storage.ts';
import { sqliteDatabase } from '../test-support/database-targets.ts';
import { startS3TestServer } from '../test-support/s3-test-server.ts';
import { makeTestClip } from '../test-support/test-clips.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uploadProject } from '../test-support/uploaded-project.ts';

describe('media in S3-compatible storage (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let t: TestApp;
  let clip: Buffer;
  beforeAll(async () => {
    s3 = await startS3TestServer('promptreel-media');
    t = await createTestApp(sqliteDatabase, {
      env: {
        PUBLIC_URL: 'http://reel.test',
        S3_BUCKET: s3.config.bucket,
        S3_ENDPOINT: s3.config.endpoint,
        S3_REGION: s3.config.region,
        S3_ACCESS_KEY_ID: s3.config.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      },
    });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 's3-clip-'));
    await makeTestClip(path.join(dir, 'clip.mp4'), { width: 360, height: 640, seconds: 2 });
    clip = await fs.readFile(path.join(dir, 'clip.mp4'));
    await fs.rm(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('uploads into the bucket, streams ranges through the proxy, and deletes from the bucket', async () => {
    expect(t.services.storage.kind).toBe('s3');
    const { cookie, userId } = await signUp(t.app, { username: 'cloudy' });
    // On Pro the proxy streams the stored video itself (free users get its watermarked copy).
    await changeSubscription(t.db, { userId, to: 'pro', source: 'admin', changedBy: null }, new Date());
    const clipFile = path.join(t.dataDir, 'clip.mp4');
    await fs.writeFile(clipFile, clip);
    const project = await uploadProject(t, cookie, clipFile, 'Cloud clip');
    expect(project.status).toBe('ready');

    const range = await t.app.inject({ method: 'GET', url: project.videoUrl!, headers: { cookie, range: 'bytes=10-209' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 10-209/${clip.length}`);
    expect(range.rawPayload.equals(clip.subarray(10, 210))).toBe(true);

    const row = await t.db.selectFrom('videoProjects').select('videoKey').where('id', '=', project.id).executeTakeFirstOrThrow();
    const client = createS3Client(s3.config);
    await expect(client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: row.videoKey! }))).resolves.toBeTruthy();
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: { cookie } });
    await expect(client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: row.videoKey! }))).rejects.toThrow();
  });
});
