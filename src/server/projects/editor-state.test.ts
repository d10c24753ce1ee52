import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultEditorState, newTextOverlay } from '../../shared/editor/editor-state.ts';
import { EDITOR_DOCUMENT_VERSION } from '../../shared/editor/editor-constants.ts';
import type { MediaAssetRow } from '../db/schema.ts';
import { insertMediaAsset } from '../media/media-assets-repository.ts';
import { editorDocumentFixture } from '../test-support/editor-document-fixtures.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';

describe.each(testDatabases())('saving the editor state on $name', (database) => {
  // One app for the file, an owner and project of their own per test. It keeps its error log lines for the
  // test about an unreadable edit, and its sign-ups come from one address, so the per-IP limits are raised.
  let t: TestApp;
  const lines: string[] = [];
  let owner: { cookie: string; userId: string };
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp(database, { env: { LOG_LEVEL: 'error', RATE_LIMIT_SCALE: '100' }, logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    owner = await signUp(t.app, { username: uniqueName('editor') });
    projectId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: { cookie: owner.cookie },
        payload: { title: 'Clip', prompt: 'A beach', aspectRatio: '9:16', duration: 8 },
      })
    ).json().id;
    // As if generation had finished: this suite is about the edit, not the render.
    await t.db.updateTable('videoProjects').set({ status: 'ready', duration: 8, videoKey: 'projects/x/video.mp4' }).where('id', '=', projectId).execute();
  });

  /** The edits below are written before a test's project exists: their shots name it PROJECT, which this fills in. */
  const ofProject = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"PROJECT"', JSON.stringify(projectId)));
  const patch = (payload: unknown, cookie = owner.cookie) =>
    t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}`, headers: { cookie }, payload: ofProject(payload) as object });

  const clip = defaultEditorState('PROJECT', 8);
  const edited = {
    ...clip,
    shots: [{ ...clip.shots[0]!, in: 1, out: 7.5, volume: 0.4 }],
    textOverlays: [{ ...newTextOverlay('o1', 8), text: 'WAIT FOR IT', position: { x: 50, y: 20 }, fontFamily: 'Bebas Neue' as const }],
    visualEffect: 'vintage' as const,
    colorGrading: { brightness: 110, contrast: 120, saturation: 90 },
  };

  it('starts unedited, then saves and returns the state, which GET reads back', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie: owner.cookie } });
    expect(before.json().editorState).toBeNull();
    const saved = await patch({ editorState: edited });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().editorState).toEqual(ofProject(edited));
    const after = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie: owner.cookie } });
    expect(after.json().editorState).toEqual(ofProject(edited));
  });

  it('accepts a version 1 document from an editor still open on the old version, and stores and returns it upgraded', async () => {
    const older = JSON.parse(editorDocumentFixture(1));
    const saved = await patch({ editorState: older });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().editorState).toMatchObject({ version: EDITOR_DOCUMENT_VERSION, shots: [{ mediaId: projectId, in: older.trim.start, out: older.trim.end }] });
    const row = await t.db.selectFrom('videoProjects').select('editorState').where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.editorState ?? '{}')).toEqual(saved.json().editorState);
  });

  it('shows an edit it cannot read as a plain message, logs why, and never saves over it', async () => {
    const linesBefore = lines.length; // the lines this test's requests log come after these
    const unreadable = JSON.stringify({ ...JSON.parse(editorDocumentFixture(EDITOR_DOCUMENT_VERSION)), version: 99 });
    projectId = (await insertReadyProject(t.db, owner.userId, { editorState: unreadable })).id;

    const opened = (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie: owner.cookie } })).json();
    expect(opened).toMatchObject({ editorState: null, editorStateError: expect.stringMatching(/can't be opened.*nothing was changed or overwritten/) });
    expect(lines.slice(linesBefore).map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ projectId, reason: 'Unknown editor document version 99', msg: 'a saved edit cannot be decoded' }),
    );

    const overwrite = await patch({ editorState: edited });
    expect(overwrite.statusCode).toBe(409);
    expect(overwrite.json().message).toBe(opened.editorStateError);
    const decodeFailures = lines.slice(linesBefore).map((line) => JSON.parse(line)).filter((line) => line.msg === 'a saved edit cannot be decoded');
    expect(decodeFailures.map((line) => line.projectId)).toEqual([projectId, projectId]);
    const row = await t.db.selectFrom('videoProjects').select('editorState').where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(row.editorState).toBe(unreadable);
  });

  it('leaves the saved edit and the model settings out of the dashboard list, which otherwise shows the project as GET does', async () => {
    await patch({ editorState: edited });
    const one = (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie: owner.cookie } })).json();
    const list = (await t.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie: owner.cookie } })).json();
    const { editorState, editorStateError, provider, model, resolution, generationProgress, extendingSince, placedShots, ...summary } = one;
    expect({ editorState, editorStateError, provider, model, resolution, generationProgress, extendingSince, placedShots }).toEqual({
      editorState: ofProject(edited),
      editorStateError: null,
      provider: 'veo',
      model: 'veo-3.1-fast',
      resolution: '720p',
      generationProgress: 0,
      extendingSince: null,
      placedShots: 0,
    });
    expect(list).toEqual([{ ...summary, generatingShots: 0 }]);
    // Both say the output's length: the one shot cut to 1–7.5 s of the 8 s clip.
    expect(one.duration).toBe(6.5);
  });

  it.each([
    [{ editorState: { ...edited, visualEffect: 'glitter' } }, /visualEffect/],
    [{ editorState: { ...edited, shots: [{ ...edited.shots[0], in: 5, out: 2 }] } }, /must not end before it starts/],
    [{ editorState: { ...edited, shots: [{ ...edited.shots[0], out: 9 }] } }, /Trim end must be at most the video's length \(8 s\)/],
    [{ editorState: { ...edited, shots: [{ ...edited.shots[0], mediaId: 'not-this-project' }] } }, /^Shot 1's clip is not a video of this project$/],
    [{ editorState: { ...edited, shots: [] } }, /at least one shot/],
    [{ editorState: { ...edited, textOverlays: [{ ...edited.textOverlays[0], fontSize: 500 }] } }, /fontSize/],
    [{ editorState: { ...edited, textOverlays: [{ ...edited.textOverlays[0], text: 'line\n'.repeat(10) + 'eleven' }] } }, /^An overlay holds at most 10 lines of text$/],
    [{ editorState: { ...edited, unknown: 1 } }, /./],
    [{ state: edited }, /./],
  ])('refuses a bad shape with 400 and a message (%#)', async (payload, message) => {
    const response = await patch(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    const row = await t.db.selectFrom('videoProjects').select('editorState').where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(row.editorState).toBeNull();
  });

  it('refuses a sequence longer than 10 minutes with 400 and says how long it runs; 10 minutes saves', async () => {
    // A 300 s upload cut into 40 whole shots would be 12,000 s of output (issue 42).
    await t.db.updateTable('videoProjects').set({ duration: 300 }).where('id', '=', projectId).execute();
    const shots = (count: number) => Array.from({ length: count }, (_, index) => ({ ...clip.shots[0]!, id: `shot-${index}`, out: 300 }));
    const refused = await patch({ editorState: { ...edited, shots: shots(40) } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('A video can be at most 10 minutes long; this sequence runs 3:20:00. Trim or remove shots.');
    const row = await t.db.selectFrom('videoProjects').select('editorState').where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(row.editorState).toBeNull();
    expect((await patch({ editorState: { ...edited, shots: shots(2) } })).statusCode).toBe(200);
  });

  it('refuses a sequence of 0-length shots with a plain message: it could never be exported', async () => {
    const still = { ...edited.shots[0]!, in: 3, out: 3 };
    const response = await patch({ editorState: { ...edited, shots: [still, { ...still, id: 's2' }] } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Shot 1 is too short: a shot lasts at least 0.1 s' });
    const row = await t.db.selectFrom('videoProjects').select('editorState').where('id', '=', projectId).executeTakeFirstOrThrow();
    expect(row.editorState).toBeNull();
  });

  it('refuses a voice-lane clip that is not a ready voice-over of this project', async () => {
    const at = new Date().toISOString();
    const asset = async (project: string, overrides: Partial<MediaAssetRow>) => {
      const id = randomUUID();
      await insertMediaAsset(t.db, {
        id,
        projectId: project,
        userId: owner.userId,
        kind: 'audio',
        origin: 'voice',
        status: 'ready',
        fileKey: `projects/${project}/media/${id}.m4a`,
        duration: 3,
        createdAt: at,
        updatedAt: at,
        ...overrides,
      });
      return id;
    };
    const elsewhere = (await insertReadyProject(t.db, owner.userId)).id;
    const voiceOn = (mediaId: string) => ({
      editorState: {
        ...edited,
        audioClips: [{ id: 'v', lane: 'voice', source: { mediaId }, start: 0, end: 3, sourceIn: 0, sourceOut: 3, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: false }],
      },
    });
    const notOurs = 'The voice lane names a clip that is not a voice-over of this project';
    for (const [mediaId, message] of [
      [await asset(elsewhere, {}), notOurs],
      [await asset(projectId, { kind: 'video', origin: 'generated' }), notOurs],
      ['no-such-media', notOurs],
      [await asset(projectId, { status: 'generating', fileKey: null }), 'The voice-over on the voice lane is not ready yet'],
      [await asset(projectId, { status: 'error', fileKey: null }), 'The voice-over on the voice lane failed: make it again or remove it'],
    ] as const) {
      const response = await patch(voiceOn(mediaId));
      expect(response.statusCode, mediaId).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect((await patch(voiceOn(await asset(projectId, {})))).statusCode).toBe(200);
  });

  it('keeps overlay text as data, markup and all', async () => {
    const text = '<img src=x onerror=alert(1)> & "quotes"';
    const saved = await patch({ editorState: { ...edited, textOverlays: [{ ...edited.textOverlays[0], text }] } });
    expect(saved.json().editorState.textOverlays[0].text).toBe(text);
  });

  it('answers 404 to other users and 401 without a session', async () => {
    const other = await signUp(t.app, { username: uniqueName('intruder') });
    expect((await patch({ editorState: edited }, other.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}`, payload: { editorState: edited } })).statusCode).toBe(401);
  });

  it('answers 409 while the video is still being generated', async () => {
    await t.db.updateTable('videoProjects').set({ status: 'generating' }).where('id', '=', projectId).execute();
    const response = await patch({ editorState: edited });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'The video is still being generated' });
  });
});
