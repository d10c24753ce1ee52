import { describe, expect, it } from 'vitest';
import { defaultEditorState, editorStateSchema } from '@shared/editor/editor-state';
import { newMusicClip } from '@shared/editor/music-placement';
import { firstMusicClip } from '@shared/editor/sequence-controls';
import { canUndo, editorReducer, initEditorStore, type EditorAction, type EditorStore } from './editor-reducer';

const TRACK = { id: 'library-chill-v1', duration: 60 };

function run(actions: EditorAction[], start = initEditorStore({ projectId: 'project-1', editorState: null, duration: 8 })): EditorStore {
  return actions.reduce(editorReducer, start);
}

function music(store: EditorStore) {
  const clip = firstMusicClip(store.present);
  if (!clip) throw new Error('no music');
  return clip;
}

const placed: EditorAction = { type: 'placeMusic', track: TRACK, clipHasSound: true };

describe('music edits', () => {
  it('places a track over the whole output, as an undoable step, and removes it', () => {
    const store = run([placed]);
    expect(store.present.audioClips).toHaveLength(1);
    expect(music(store)).toMatchObject({ lane: 'music', source: { trackId: TRACK.id }, start: 0, end: 8, sourceIn: 0, sourceOut: 60, loop: true, duck: true });
    expect(store.past.at(-1)?.command.label).toBe('Add music');
    expect(editorStateSchema.safeParse(store.present).success).toBe(true);
    const removed = run([placed, { type: 'removeMusic' }]);
    expect(removed.present.audioClips).toEqual([]);
    expect(music(run([placed, { type: 'removeMusic' }, { type: 'undo' }]))).toEqual(music(store));
    expect(canUndo(run([{ type: 'removeMusic' }]))).toBe(false);
  });

  it('changes the track and keeps what the creator set: volume, fades, where it plays, loop and ducking', () => {
    const other = { id: 'library-upbeat-v1', duration: 30 };
    const store = run([
      placed,
      { type: 'changeMusic', change: { volume: 0.3, fadeIn: 1.5, fadeOut: 2, loop: false, duck: false }, trackSeconds: 60 },
      { type: 'setMusicTiming', edit: { edge: 'start', start: 1 } },
      { type: 'changeMusic', change: { sourceIn: 10, sourceOut: 20 }, trackSeconds: 60 },
      { type: 'placeMusic', track: other, clipHasSound: true },
    ]);
    // The piece is the new track's whole length: the old one's In and Out points belong to the old track.
    expect(store.present.audioClips).toEqual([
      { id: 'music-1', lane: 'music', source: { trackId: other.id }, start: 1, end: 8, sourceIn: 0, sourceOut: 30, volume: 0.3, fadeIn: 1.5, fadeOut: 2, loop: false, duck: false },
    ]);
    expect(store.past.at(-1)?.command.label).toBe('Change music');
  });

  it('keeps settings in their ranges and the piece inside the track', () => {
    const store = run([
      placed,
      { type: 'changeMusic', change: { volume: 1.7, fadeIn: 12, fadeOut: -1 }, trackSeconds: 60 },
      { type: 'changeMusic', change: { sourceIn: 59.9 }, trackSeconds: 60 },
      { type: 'changeMusic', change: { sourceOut: 90 }, trackSeconds: 60 },
    ]);
    expect(music(store)).toMatchObject({ volume: 1, fadeIn: 10, fadeOut: 0, sourceIn: 59.5, sourceOut: 60 });
    expect(editorStateSchema.safeParse(store.present).success).toBe(true);
  });

  it('moves the bar inside the output and keeps it at least half a second long', () => {
    const shortened = run([placed, { type: 'setMusicTiming', edit: { edge: 'end', end: 3 } }]);
    expect(music(shortened)).toMatchObject({ start: 0, end: 3 });
    const moved = run([placed, { type: 'setMusicTiming', edit: { edge: 'end', end: 3 } }, { type: 'setMusicTiming', edit: { edge: 'move', start: 7 } }]);
    expect(music(moved)).toMatchObject({ start: 5, end: 8 });
    const squeezed = run([placed, { type: 'setMusicTiming', edit: { edge: 'start', start: 7.9 } }]);
    expect(music(squeezed)).toMatchObject({ start: 7.5, end: 8 });
  });

  it('edits the first clip of a lane holding several, and keeps the others', () => {
    const first = newMusicClip('a', TRACK, 8, true);
    const second = { ...newMusicClip('b', TRACK, 8, true), start: 4 };
    const editorState = { ...defaultEditorState('project-1', 8), audioClips: [first, second] };
    const quieter = run([{ type: 'changeMusic', change: { volume: 0.2 }, trackSeconds: 60 }], initEditorStore({ projectId: 'project-1', editorState, duration: 8 }));
    expect(quieter.present.audioClips).toEqual([{ ...first, volume: 0.2 }, second]);
    expect(run([{ type: 'removeMusic' }], quieter).present.audioClips).toEqual([second]);
  });

  it('folds one slider slide into one undo step', () => {
    const store = run([
      placed,
      { type: 'changeMusic', change: { volume: 0.3 }, trackSeconds: 60, gesture: 'g' },
      { type: 'changeMusic', change: { volume: 0.2 }, trackSeconds: 60, gesture: 'g' },
      { type: 'undo' },
    ]);
    expect(music(store).volume).toBe(0.6);
  });
});
