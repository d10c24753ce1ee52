import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAPTION_STYLE } from '../../shared/captions/caption-track.ts';
import { defaultEditorState } from '../../shared/editor/editor-state.ts';
import { encodeEditorDocument } from '../projects/editor-document/editor-document.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { type TestApp, createTestApp, signUp } from '../test-support/test-app.ts';
import { NO_CAPTIONS } from './caption-files-service.ts';

const captions = {
  lines: [
    { id: 'a', words: [{ text: 'Hello', start: 0.5, end: 0.9, emphasis: false }, { text: 'there', start: 1, end: 1.4, emphasis: true }] },
    { id: 'b', words: [{ text: 'Fish & <chips>', start: 2.25, end: 3, emphasis: false }] },
  ],
  style: DEFAULT_CAPTION_STYLE,
  voice: null,
};

describe('caption files of a project', () => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };
  let captioned: string;
  let bare: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, { username: 'captioner' });
    other = await signUp(t.app, { username: 'snooper' });
    captioned = (
      await insertReadyProject(t.db, owner.userId, {
        title: 'Beach Day! 2',
        duration: 4,
        editorState: encodeEditorDocument({ ...defaultEditorState('x', 4), captions }),
      })
    ).id;
    bare = (await insertReadyProject(t.db, owner.userId, { title: 'Bare', duration: 4, editorState: encodeEditorDocument(defaultEditorState('y', 4)) })).id;
  });
  afterAll(() => t?.close());

  const get = (id: string, format: 'srt' | 'vtt', cookie = owner.cookie) =>
    t.app.inject({ method: 'GET', url: `/api/projects/${id}/captions.${format}`, headers: { cookie } });

  it('answers the SRT of the saved captions as an attachment named after the title', async () => {
    const response = await get(captioned, 'srt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-subrip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="beach-day-2.srt"');
    expect(response.body).toBe(
      ['1', '00:00:00,500 --> 00:00:01,800', 'Hello there', '', '2', '00:00:02,250 --> 00:00:03,400', 'Fish & <chips>', ''].join('\n'),
    );
  });

  it('answers the WebVTT with word timestamps, escaped', async () => {
    const response = await get(captioned, 'vtt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="beach-day-2.vtt"');
    expect(response.body.startsWith('WEBVTT\n')).toBe(true);
    expect(response.body).toContain('00:00:00.500 --> 00:00:01.800\nHello <00:00:01.000>there');
    expect(response.body).toContain('Fish &amp; &lt;chips&gt;');
  });

  it('is a 404 with a plain message for a project without captions', async () => {
    for (const format of ['srt', 'vtt'] as const) {
      const response = await get(bare, format);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: NO_CAPTIONS });
    }
  });

  it('is a 404 for another user’s project, as for one that does not exist', async () => {
    for (const format of ['srt', 'vtt'] as const) {
      const response = await get(captioned, format, other.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: PROJECT_NOT_FOUND });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${captioned}/captions.srt` })).statusCode).toBe(401);
  });
});
