import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateProject } from '../projects/projects-repository.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';
import { findMediaAsset } from './media-assets-repository.ts';
import { failUploadProject } from './uploads-repository.ts';

// The asset of a project's own clip is written from the project's row in one SQL statement (an insert from a
// select with an upsert), whose text each database reads its own way.
describe.each(testDatabases())('a project’s own clip as an asset on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(() => t?.close());

  it('follows the project from generating to ready, through an extension, to a failure', async () => {
    const { userId } = await signUp(t.app, { username: uniqueName('clip') });
    const project = await insertReadyProject(t.db, userId, { status: 'generating', videoKey: null, duration: 0, prompt: 'A kite' });
    expect(await findMediaAsset(t.db, project.id)).toMatchObject({ projectId: project.id, userId, kind: 'video', origin: 'generated', status: 'generating', fileKey: null, prompt: 'A kite' });

    expect(await updateProject(t.db, project.id, { status: 'ready', videoKey: 'projects/p/video-a.mp4', thumbnailKey: 'projects/p/thumb-a.jpg', duration: 8.02 }, 'generating')).toBe(true);
    expect(await findMediaAsset(t.db, project.id)).toMatchObject({ status: 'ready', fileKey: 'projects/p/video-a.mp4', posterKey: 'projects/p/thumb-a.jpg', duration: 8.02, errorMessage: null });

    // Being extended, the project says 'generating' but still has its clip: the asset stays ready.
    await updateProject(t.db, project.id, { status: 'generating' });
    expect(await findMediaAsset(t.db, project.id)).toMatchObject({ status: 'ready', fileKey: 'projects/p/video-a.mp4' });
    await updateProject(t.db, project.id, { status: 'ready', videoKey: 'projects/p/video-b.mp4', duration: 15.5 });
    expect(await findMediaAsset(t.db, project.id)).toMatchObject({ status: 'ready', fileKey: 'projects/p/video-b.mp4', duration: 15.5 });

    // A write that leaves the clip alone (an autosave) leaves its asset alone.
    const before = await findMediaAsset(t.db, project.id);
    await updateProject(t.db, project.id, { editorState: '{}', updatedAt: '2030-01-01T00:00:00.000Z' });
    expect(await findMediaAsset(t.db, project.id)).toEqual(before);

    // A write that does not apply changes neither.
    expect(await updateProject(t.db, project.id, { status: 'error' }, 'generating')).toBe(false);
    expect((await findMediaAsset(t.db, project.id))?.status).toBe('ready');
  });

  it('records an upload refused while it was processed, with the sentence its owner reads', async () => {
    const { userId } = await signUp(t.app, { username: uniqueName('upload') });
    const project = await insertReadyProject(t.db, userId, { status: 'generating', source: 'upload', videoKey: null, duration: 0 });
    expect(await failUploadProject(t.db, project.id, 'That file is not a video.', new Date().toISOString())).toBe(true);
    expect(await findMediaAsset(t.db, project.id)).toMatchObject({ origin: 'uploaded', status: 'error', errorMessage: 'That file is not a video.', prompt: null });
  });
});
