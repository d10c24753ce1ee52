import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEditorState, newTextOverlay } from '../../shared/editor/editor-state.ts';
import { sqliteDatabase } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';

const defaultDatabase = sqliteDatabase;

describe('untrusted input', () => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp(defaultDatabase);
    owner = await signUp(t.app, { username: 'owner' });
    other = await signUp(t.app, { username: 'other' });
  });
  afterAll(() => t.close());

  it('drops fields a request may not set (owner, status, credits) instead of storing them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie: owner.cookie },
      payload: {
        title: 'Mine',
        prompt: 'A forest at night',
        aspectRatio: '9:16',
        duration: 8,
        userId: other.userId,
        status: 'ready',
        videoUrl: 'http://evil.test/x.mp4',
        credits: 999,
      },
    });
    expect(response.statusCode).toBe(201);
    const row = await t.db.selectFrom('videoProjects').selectAll().where('id', '=', response.json().id).executeTakeFirstOrThrow();
    expect(row.userId).toBe(owner.userId);
    expect(row.status).toBe('generating');
    const user = await t.db.selectFrom('users').select('credits').where('id', '=', owner.userId).executeTakeFirstOrThrow();
    expect(user.credits).toBeLessThan(999);
  });

  it('keeps overlay text that looks like HTML as plain text, byte for byte', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie: owner.cookie },
      payload: { title: '<b>bold</b>', prompt: 'A beach', aspectRatio: '9:16', duration: 8 },
    });
    const id = created.json().id;
    await t.db.updateTable('videoProjects').set({ status: 'ready', duration: 8, videoKey: 'projects/x/video.mp4' }).where('id', '=', id).execute();
    const text = '<img src=x onerror=alert(1)> & "quotes"';
    const state = { ...defaultEditorState(id, 8), textOverlays: [{ ...newTextOverlay('o1', 8), text }] };
    const save = (editorState: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/projects/${id}`, headers: { cookie: owner.cookie }, payload: { editorState } });
    const saved = await save(state);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().title).toBe('<b>bold</b>');
    expect(saved.json().editorState.textOverlays[0].text).toBe(text);

    // The editor state is stored as JSON and read back by every client, so unknown keys are refused outright.
    const smuggled = await save({ ...state, injected: { evil: true } });
    expect(smuggled.statusCode).toBe(400);
    expect(smuggled.json()).toEqual({ message: 'Unrecognized key: "injected"' });
  });

  it('refuses usernames outside letters, digits and _ . - @', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: '<script>x', password: 'secret-pass' } });
    expect(response.statusCode).toBe(400);
  });
});
