import { describe, expect, it } from 'vitest';
import { newTextOverlay } from '@shared/editor/editor-state';
import { editorReducer, initEditorStore, type EditorAction, type EditorStore } from './editor-reducer';

// A 10 s clip trimmed to 2–8 s: the output is 6 s long.
function trimmedWithOverlay(): EditorStore {
  const start = initEditorStore({ projectId: 'project-1', editorState: null, duration: 10 });
  const id = start.present.shots[0]!.id;
  return [
    { type: 'trimShot', id, edge: 'in', time: 2, clipSeconds: 10 },
    { type: 'trimShot', id, edge: 'out', time: 8, clipSeconds: 10 },
    { type: 'addOverlay', overlay: { ...newTextOverlay('a', 6), start: 1, end: 3 } },
  ].reduce<EditorStore>((store, action) => editorReducer(store, action as EditorAction), start);
}

function run(actions: EditorAction[], start = trimmedWithOverlay()): EditorStore {
  return actions.reduce(editorReducer, start);
}

function timing(store: EditorStore) {
  const [overlay] = store.present.textOverlays;
  return { start: overlay?.start, end: overlay?.end };
}

describe('overlay timing', () => {
  it('moves a bar keeping its length, inside the output', () => {
    expect(timing(run([{ type: 'setOverlayTiming', id: 'a', edit: { edge: 'move', start: 2.5 } }]))).toEqual({ start: 2.5, end: 4.5 });
    expect(timing(run([{ type: 'setOverlayTiming', id: 'a', edit: { edge: 'move', start: -3 } }]))).toEqual({ start: 0, end: 2 });
    expect(timing(run([{ type: 'setOverlayTiming', id: 'a', edit: { edge: 'move', start: 5.5 } }]))).toEqual({ start: 4, end: 6 });
  });

  it('resizes either edge, never shorter than the minimum nor outside the output', () => {
    expect(timing(run([{ type: 'setOverlayTiming', id: 'a', edit: { edge: 'start', start: 0.4 } }]))).toEqual({ start: 0.4, end: 3 });
    expect(timing(run([{ type: 'setOverlayTiming', id: 'a', edit: { edge: 'start', start: 3.5 } }]))).toEqual({ start: 2.9, end: 3 });
    expect(timing(run([{ type: 'setOverlayTiming', id: 'a', edit: { edge: 'start', start: -1 } }]))).toEqual({ start: 0, end: 3 });
    expect(timing(run([{ type: 'setOverlayTiming', id: 'a', edit: { edge: 'end', end: 0.2 } }]))).toEqual({ start: 1, end: 1.1 });
    expect(timing(run([{ type: 'setOverlayTiming', id: 'a', edit: { edge: 'end', end: 9 } }]))).toEqual({ start: 1, end: 6 });
    expect(timing(run([{ type: 'setOverlayTiming', id: 'a', edit: { edge: 'end', end: 4.12345 } }]))).toEqual({ start: 1, end: 4.123 });
  });

  it('labels each kind of change for the undo button', () => {
    const labels = (['move', 'start', 'end'] as const).map((edge) => {
      const edit = edge === 'end' ? { edge, end: 5 } : { edge, start: 0.5 };
      return run([{ type: 'setOverlayTiming', id: 'a', edit }]).past.at(-1)?.command.label;
    });
    expect(labels).toEqual(['Move text in time', 'Change text start', 'Change text end']);
  });

  it('undoes and redoes a whole bar drag as one step', () => {
    const before = trimmedWithOverlay();
    const drag = [1.2, 1.6, 2.4, 3].map((start): EditorAction => ({ type: 'setOverlayTiming', id: 'a', edit: { edge: 'move', start }, gesture: 'bar-1' }));
    const dragged = run(drag, before);
    expect(timing(dragged)).toEqual({ start: 3, end: 5 });
    expect(dragged.past).toHaveLength(before.past.length + 1);
    const undone = run([{ type: 'undo' }], dragged);
    expect(timing(undone)).toEqual({ start: 1, end: 3 });
    expect(timing(run([{ type: 'redo' }], undone))).toEqual({ start: 3, end: 5 });
  });

  it('undoes an edge drag as one step', () => {
    const drag = [3.5, 4, 4.5].map((end): EditorAction => ({ type: 'setOverlayTiming', id: 'a', edit: { edge: 'end', end }, gesture: 'edge-1' }));
    const dragged = run(drag);
    expect(timing(dragged)).toEqual({ start: 1, end: 4.5 });
    expect(timing(run([{ type: 'undo' }], dragged))).toEqual({ start: 1, end: 3 });
  });

  it('ignores a change that leaves the times as they are, or names no overlay', () => {
    const store = trimmedWithOverlay();
    expect(run([{ type: 'setOverlayTiming', id: 'a', edit: { edge: 'move', start: 1 } }], store)).toBe(store);
    expect(run([{ type: 'setOverlayTiming', id: 'zzz', edit: { edge: 'move', start: 1 } }], store)).toBe(store);
  });
});
