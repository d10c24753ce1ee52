import { describe, expect, it } from 'vitest';
import { defaultEditorState, newTextOverlay, type EditorState } from '@shared/editor/editor-state';
import { withSequenceSound, trimOf, withTrim } from '@shared/editor/sequence-controls';
import { canUndo, editorReducer, initEditorStore, type EditorAction, type EditorStore } from './editor-reducer';
import { rebaseChange } from './replace-state';

const PROJECT_ID = 'project-1';
const DURATION = 8;

function run(actions: EditorAction[], start: EditorStore = initEditorStore({ projectId: PROJECT_ID, editorState: null, duration: DURATION })): EditorStore {
  return actions.reduce(editorReducer, start);
}

const hook = { ...newTextOverlay('hook', 8), text: 'Wait for it', position: { x: 50, y: 20 } };

describe('replaceState', () => {
  it('applies a whole new edit as one step that undo and redo take back and forth', () => {
    const base = defaultEditorState(PROJECT_ID, DURATION);
    const state: EditorState = { ...base, textOverlays: [hook], visualEffect: 'vintage' };
    const applied = run([{ type: 'replaceState', label: 'Apply suggestion', base, state }]);
    expect(applied.present).toEqual(state);
    expect(applied.past).toHaveLength(1);
    expect(applied.past[0]?.command.label).toBe('Apply suggestion');

    const undone = run([{ type: 'undo' }], applied);
    expect(undone.present).toEqual(base);
    expect(canUndo(undone)).toBe(false);
    expect(run([{ type: 'redo' }], undone).present).toEqual(state);
  });

  it('is no step at all when nothing changes, and keeps the trim inside the clip', () => {
    const base = defaultEditorState(PROJECT_ID, DURATION);
    expect(run([{ type: 'replaceState', label: 'Apply suggestion', base, state: base }]).past).toHaveLength(0);
    const long = { ...base, shots: withTrim(base.shots, { start: 1, end: 12 }) };
    expect(trimOf(run([{ type: 'replaceState', label: 'Apply suggestion', base, state: long }]).present)).toEqual({ start: 1, end: 8 });
  });

  it('keeps edits made while the change was on its way, and drops a selection the change removed', () => {
    const mine = newTextOverlay('mine', 8);
    const start = run([{ type: 'addOverlay', overlay: mine }]);
    const base = start.present;
    const changed: EditorState = { ...base, textOverlays: [], colorGrading: { brightness: 105, contrast: 110, saturation: 115 } };
    const edited = run([{ type: 'setVisualEffect', effect: 'sepia' }], start);
    const applied = run([{ type: 'replaceState', label: 'Apply suggestion', base, state: changed }], edited);
    expect(applied.present.visualEffect).toBe('sepia');
    expect(applied.present.colorGrading).toEqual({ brightness: 105, contrast: 110, saturation: 115 });
    expect(applied.present.textOverlays).toEqual([]);
    expect(applied.selectedId).toBeNull();
  });
});

describe('rebaseChange', () => {
  it('takes the change when nothing else happened', () => {
    const base = defaultEditorState(PROJECT_ID, DURATION);
    const changed = { ...base, visualEffect: 'blur' as const };
    expect(rebaseChange(base, changed, { ...base })).toBe(changed);
  });

  it('merges overlays: added ones join, changed ones win, ones edited only here stay', () => {
    const a = newTextOverlay('a', 8);
    const b = newTextOverlay('b', 8);
    const base: EditorState = { ...defaultEditorState(PROJECT_ID, DURATION), textOverlays: [a, b] };
    const changed: EditorState = { ...base, textOverlays: [{ ...a, fontSize: 64 }, b, hook] };
    const current: EditorState = { ...base, textOverlays: [a, { ...b, text: 'Mine' }, newTextOverlay('c', 8)] };
    expect(rebaseChange(base, changed, current).textOverlays).toEqual([
      { ...a, fontSize: 64 },
      { ...b, text: 'Mine' },
      newTextOverlay('c', 8),
      hook,
    ]);
  });

  it('takes a trim or a sound change and keeps the other made here', () => {
    const base = defaultEditorState(PROJECT_ID, DURATION);
    const trimmed = { ...base, shots: withTrim(base.shots, { start: 1, end: 6 }) };
    const quieter = { ...base, shots: withSequenceSound(base.shots, { volume: 0.4 }) };
    expect(rebaseChange(base, trimmed, quieter).shots).toEqual(withTrim(quieter.shots, { start: 1, end: 6 }));
    expect(rebaseChange(base, quieter, trimmed).shots).toEqual(withTrim(quieter.shots, { start: 1, end: 6 }));
  });
});
