import { describe, expect, it } from 'vitest';
import { editorStateSchema } from '@shared/editor/editor-state';
import { canUndo, editorReducer, initEditorStore, type EditorAction, type EditorStore } from './editor-reducer';

const TRACK = { id: 'library-chill-v1', duration: 60 };

function run(actions: EditorAction[]): EditorStore {
  return actions.reduce(editorReducer, initEditorStore({ editorState: null, duration: 8 }));
}

function music(store: EditorStore) {
  if (!store.present.music) throw new Error('no music');
  return store.present.music;
}

const placed: EditorAction = { type: 'placeMusic', track: TRACK, clipHasSound: true };

describe('music edits', () => {
  it('places a track over the whole output, as an undoable step, and removes it', () => {
    const store = run([placed]);
    expect(music(store)).toMatchObject({ trackId: TRACK.id, start: 0, end: 8, trackIn: 0, trackOut: 60, loop: true, duck: true });
    expect(store.past.at(-1)?.command.label).toBe('Add music');
    expect(editorStateSchema.safeParse(store.present).success).toBe(true);
    const removed = run([placed, { type: 'removeMusic' }]);
    expect(removed.present.music).toBeNull();
    expect(run([placed, { type: 'removeMusic' }, { type: 'undo' }]).present.music).toEqual(music(store));
    expect(canUndo(run([{ type: 'removeMusic' }]))).toBe(false);
  });

  it('changes the track and keeps what the creator set: volume, fades, where it plays, loop and ducking', () => {
    const other = { id: 'library-upbeat-v1', duration: 30 };
    const store = run([
      placed,
      { type: 'changeMusic', change: { volume: 0.3, fadeIn: 1.5, fadeOut: 2, loop: false, duck: false }, trackSeconds: 60 },
      { type: 'setMusicTiming', edit: { edge: 'start', start: 1 } },
      { type: 'changeMusic', change: { trackIn: 10, trackOut: 20 }, trackSeconds: 60 },
      { type: 'placeMusic', track: other, clipHasSound: true },
    ]);
    // The piece is the new track's whole length: the old one's In and Out points belong to the old track.
    expect(music(store)).toEqual({
      trackId: other.id, start: 1, end: 8, trackIn: 0, trackOut: 30, volume: 0.3, fadeIn: 1.5, fadeOut: 2, loop: false, duck: false,
    });
    expect(store.past.at(-1)?.command.label).toBe('Change music');
  });

  it('keeps settings in their ranges and the piece inside the track', () => {
    const store = run([
      placed,
      { type: 'changeMusic', change: { volume: 1.7, fadeIn: 12, fadeOut: -1 }, trackSeconds: 60 },
      { type: 'changeMusic', change: { trackIn: 59.9 }, trackSeconds: 60 },
      { type: 'changeMusic', change: { trackOut: 90 }, trackSeconds: 60 },
    ]);
    expect(music(store)).toMatchObject({ volume: 1, fadeIn: 10, fadeOut: 0, trackIn: 59.5, trackOut: 60 });
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
