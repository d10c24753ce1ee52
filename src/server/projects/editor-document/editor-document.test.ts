import { describe, expect, it } from 'vitest';
import { EDITOR_DOCUMENT_VERSION } from '../../../shared/editor/editor-constants.ts';
import { outputDuration } from '../../../shared/editor/editor-state.ts';
import { EDITOR_DOCUMENT_VERSIONS, editorDocumentFixture } from '../../test-support/editor-document-fixtures.ts';
import { decodeEditorDocument, encodeEditorDocument, readStoredEditorDocument } from './editor-document.ts';

const CONTEXT = { projectId: 'project-1' };

/** The one shot an upgrade from version 3 or earlier makes of the project's clip. */
const clipShot = (trim: { start: number; end: number }, audio: { volume: number; isMuted: boolean }) => ({
  id: 'shot-1',
  mediaId: CONTEXT.projectId,
  in: trim.start,
  out: trim.end,
  volume: audio.volume,
  muted: audio.isMuted,
  transition: { kind: 'cut', duration: 0.5 },
});

describe('the editor document codec', () => {
  it.each(EDITOR_DOCUMENT_VERSIONS)('reads a saved version %i document, and the writer stores it so it reads back the same', (version) => {
    const stored = readStoredEditorDocument(editorDocumentFixture(version), CONTEXT);
    expect(stored.kind).toBe('edit');
    if (stored.kind !== 'edit') return;
    expect(readStoredEditorDocument(encodeEditorDocument(stored.state), CONTEXT)).toEqual(stored);
  });

  it('upgrades version 1: each overlay for the whole output, unanimated, wrapping only past the frame; long text keeps its first ten lines', () => {
    const decoded = decodeEditorDocument(JSON.parse(editorDocumentFixture(1)), CONTEXT);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    const [hook, credits] = decoded.state.textOverlays;
    expect(hook).toEqual({
      id: 'hook',
      text: 'WAIT FOR IT',
      fontSize: 72,
      color: '#FFD700',
      position: { x: 50, y: 20 },
      fontFamily: 'Bebas Neue',
      textAlign: 'center',
      lineHeight: 1.2,
      outline: { color: '#000000', thickness: 4 },
      start: 0,
      end: 3,
      boxWidth: 100,
      enter: { kind: 'none', duration: 0.5 },
      exit: { kind: 'none', duration: 0.5 },
    });
    expect(credits?.text).toBe('1\n2\n3\n4\n5\n6\n7\n8\n9\n10');
    expect(decoded.state).toMatchObject({ visualEffect: 'vintage', shots: [{ mediaId: 'project-1', in: 0.5, out: 3.5, volume: 0.4, muted: false }] });
  });

  it('upgrades version 2: the same edit with an empty music lane', () => {
    const saved = JSON.parse(editorDocumentFixture(2));
    const { trim, audio, version: _version, ...kept } = saved;
    expect(decodeEditorDocument(saved, CONTEXT)).toEqual({
      ok: true,
      state: { ...kept, version: EDITOR_DOCUMENT_VERSION, shots: [clipShot(trim, audio)], audioClips: [], captions: null },
    });
  });

  it('upgrades version 3: the clip, cut as the trim was and at its volume, is the one shot; the music is the one clip of the music lane', () => {
    const saved = JSON.parse(editorDocumentFixture(3));
    const { trim, audio, music, version: _version, ...kept } = saved;
    const decoded = decodeEditorDocument(saved, CONTEXT);
    const { trackId, trackIn, trackOut, ...placement } = music;
    expect(decoded).toEqual({
      ok: true,
      state: {
        ...kept,
        version: EDITOR_DOCUMENT_VERSION,
        shots: [clipShot(trim, audio)],
        audioClips: [{ id: 'music-1', lane: 'music', source: { trackId }, ...placement, sourceIn: trackIn, sourceOut: trackOut }],
        captions: null,
      },
    });
    // The output is as long as the trimmed clip was.
    if (decoded.ok) expect(outputDuration(decoded.state)).toBe(trim.end - trim.start);
  });

  it('upgrades version 4: the same sequence and music, no captions yet', () => {
    const saved = JSON.parse(editorDocumentFixture(4));
    expect(decodeEditorDocument(saved, CONTEXT)).toEqual({ ok: true, state: { ...saved, version: EDITOR_DOCUMENT_VERSION, captions: null } });
  });

  it('upgrades version 5: the same edit, its voice-over now lowering the shots’ sound while it speaks and its captions following no voice-over (nothing recorded where they came from)', () => {
    const saved = JSON.parse(editorDocumentFixture(5));
    const [music, voice] = saved.audioClips;
    expect(voice.duck).toBe(false);
    expect(decodeEditorDocument(saved, CONTEXT)).toEqual({
      ok: true,
      state: { ...saved, version: EDITOR_DOCUMENT_VERSION, audioClips: [music, { ...voice, duck: true }], captions: { ...saved.captions, voice: null } },
    });
  });

  it('refuses a voice clip that names a track, a music clip that names a media asset, and a caption word that ends before it starts', () => {
    const current = JSON.parse(editorDocumentFixture(EDITOR_DOCUMENT_VERSION));
    const [music, voice] = current.audioClips;
    expect(decodeEditorDocument({ ...current, audioClips: [{ ...voice, source: music.source }] }, CONTEXT).ok).toBe(false);
    expect(decodeEditorDocument({ ...current, audioClips: [{ ...music, source: voice.source }] }, CONTEXT).ok).toBe(false);
    const [line] = current.captions.lines;
    const backwards = { ...current.captions, lines: [{ ...line, words: [{ ...line.words[0], end: 0.1 }] }] };
    expect(decodeEditorDocument({ ...current, captions: backwards }, CONTEXT)).toEqual({ ok: false, reason: expect.stringMatching(/must end after it starts/) });
  });

  it('refuses a sequence without a shot, and a shot that ends before it starts', () => {
    const current = JSON.parse(editorDocumentFixture(EDITOR_DOCUMENT_VERSION));
    expect(decodeEditorDocument({ ...current, shots: [] }, CONTEXT)).toEqual({ ok: false, reason: expect.stringMatching(/at least one shot/) });
    const backwards = { ...current.shots[0], in: 2, out: 1 };
    expect(decodeEditorDocument({ ...current, shots: [backwards] }, CONTEXT)).toEqual({ ok: false, reason: expect.stringMatching(/must not end before it starts/) });
  });

  it('keeps a current document as it is, and writes every document as the current version', () => {
    const current = JSON.parse(editorDocumentFixture(EDITOR_DOCUMENT_VERSION));
    const decoded = decodeEditorDocument(current, CONTEXT);
    expect(decoded).toEqual({ ok: true, state: current });
    const upgraded = decodeEditorDocument(JSON.parse(editorDocumentFixture(1)), CONTEXT);
    if (!upgraded.ok) throw new Error(upgraded.reason);
    expect(JSON.parse(encodeEditorDocument(upgraded.state))).toEqual({ ...upgraded.state, version: EDITOR_DOCUMENT_VERSION });
  });

  it.each([
    ['a version from the future', JSON.stringify({ ...JSON.parse(editorDocumentFixture(2)), version: 99 }), 'Unknown editor document version 99'],
    ['text that is not JSON', '{"textOverlays": [', 'The saved edit is not JSON'],
    ['a list', '[]', 'The edit must be an object'],
    ['a version 2 overlay without its times', JSON.stringify({ ...JSON.parse(editorDocumentFixture(2)), textOverlays: [{ ...JSON.parse(editorDocumentFixture(1)).textOverlays[0] }] }), /start/],
  ])('calls %s unreadable, with the reason for the log', (_case, json, reason) => {
    const stored = readStoredEditorDocument(json, CONTEXT);
    expect(stored.kind).toBe('unreadable');
    if (stored.kind === 'unreadable') expect(stored.reason).toMatch(reason);
  });

  it('has nothing to read before the first edit', () => {
    expect(readStoredEditorDocument(null, CONTEXT)).toEqual({ kind: 'none' });
  });
});
