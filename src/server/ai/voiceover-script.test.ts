import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEditorState, newShot } from '../../shared/editor/editor-state.ts';
import { voiceoverRequestSchema } from '../../shared/schemas/speech.ts';
import { scriptWords } from '../../shared/speech/timed-word.ts';
import { insertMediaAsset } from '../media/media-assets-repository.ts';
import { UNREADABLE_EDIT_MESSAGE, editorDocumentColumns } from '../projects/editor-document/editor-document.ts';
import { sqliteDatabase } from '../test-support/database-targets.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { uniqueName } from '../test-support/unique-name.ts';

const PROMPT = 'A paper boat drifting down a rainy street at dusk, cinematic';

describe('POST /api/projects/:id/voiceovers/script with the offline text model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(sqliteDatabase);
  });
  afterAll(() => t.close());

  async function newUser() {
    const { cookie, userId } = await signUp(t.app, { username: uniqueName('narrator') });
    const project = await insertReadyProject(t.db, userId, { title: 'Rainy boat', prompt: PROMPT, duration: 8 });
    return { cookie, userId, projectId: project.id };
  }

  const draft = (projectId: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/voiceovers/script`, headers: cookie ? { cookie } : {} });

  const credits = async (userId: string) =>
    (await t.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits;

  it('drafts a script about the prompt that fits the 8 s clip and that a voice-over takes, for free', async () => {
    const user = await newUser();
    const before = await credits(user.userId);
    const response = await draft(user.projectId, user.cookie);
    expect(response.statusCode).toBe(200);
    const { script } = response.json<{ script: string }>();
    expect(script).toContain('paper boat');
    expect(scriptWords(script).length).toBeLessThanOrEqual(20);
    expect(voiceoverRequestSchema.safeParse({ script, voiceId: 'festival:slt' }).success).toBe(true);
    expect(await credits(user.userId)).toBe(before);
    expect(await t.db.selectFrom('creditLedger').select('reason').where('userId', '=', user.userId).execute()).toEqual([{ reason: 'signup-grant' }]);
  });

  it('follows the saved edit: its shots’ prompts in play order and the output’s length', async () => {
    const user = await newUser();
    const kiteId = randomUUID();
    const at = new Date().toISOString();
    await insertMediaAsset(t.db, {
      id: kiteId,
      projectId: user.projectId,
      userId: user.userId,
      kind: 'video',
      origin: 'generated',
      status: 'ready',
      errorMessage: null,
      fileKey: `projects/${user.projectId}/media/${kiteId}.mp4`,
      posterKey: null,
      duration: 12,
      width: null,
      height: null,
      fps: null,
      hasAudio: 0,
      prompt: 'A red kite rising over the dunes, golden light',
      continueFrom: null,
      words: null,
      voiceId: null,
      createdAt: at,
      updatedAt: at,
    });
    // 8 s of the boat, then 12 s of the kite: 20 s, so up to 50 words where the clip alone holds 20.
    const state = { ...defaultEditorState(user.projectId, 8), shots: [newShot('boat', user.projectId, 8), newShot('kite', kiteId, 12)] };
    await t.db.updateTable('videoProjects').set(editorDocumentColumns(state)).where('id', '=', user.projectId).execute();

    const { script } = (await draft(user.projectId, user.cookie)).json<{ script: string }>();
    const words = scriptWords(script).length;
    expect(words).toBeGreaterThan(20);
    expect(words).toBeLessThanOrEqual(50);
    expect(script.indexOf('red kite rising over the dunes')).toBeGreaterThan(script.indexOf('paper boat drifting'));
  });

  it('is the owner’s only: anyone else hears the project does not exist, and signed-out callers are asked to sign in', async () => {
    const owner = await newUser();
    const other = await newUser();
    const notYours = await draft(owner.projectId, other.cookie);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json().message).toBe('Project not found');
    expect((await draft(randomUUID(), owner.cookie)).statusCode).toBe(404);
    expect((await draft(owner.projectId)).statusCode).toBe(401);
  });

  it('refuses with a plain 409 when there is nothing to size a script to, or the saved edit cannot be read', async () => {
    const user = await newUser();
    const generating = await insertReadyProject(t.db, user.userId, { status: 'generating', duration: 0, videoKey: null });
    const notReady = await draft(generating.id, user.cookie);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe('The video is not ready yet: a script is sized to its length.');

    await t.db.updateTable('videoProjects').set({ editorState: '{"version": 999}' }).where('id', '=', user.projectId).execute();
    const unreadable = await draft(user.projectId, user.cookie);
    expect(unreadable.statusCode).toBe(409);
    expect(unreadable.json().message).toBe(UNREADABLE_EDIT_MESSAGE);
  });
});
