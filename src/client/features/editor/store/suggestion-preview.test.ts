import { describe, expect, it } from 'vitest';
import { defaultEditorState, newTextOverlay, type EditorState } from '@shared/editor/editor-state';
import { withTrim } from '@shared/editor/sequence-controls';
import { canRedo, canUndo, editorReducer, initEditorStore, type EditorAction, type EditorStore } from './editor-reducer';
import { shownState, type SuggestionPreview } from './suggestion-preview';

const PROJECT_ID = 'project-1';
const DURATION = 8;

function run(actions: EditorAction[], start: EditorStore = initEditorStore({ projectId: PROJECT_ID, editorState: null, duration: DURATION })): EditorStore {
  return actions.reduce(editorReducer, start);
}

const mine = newTextOverlay('mine', 8);
const hook = { ...newTextOverlay('hook', 8), text: 'WAIT FOR IT', position: { x: 50, y: 72 } };
const edited = run([{ type: 'addOverlay', overlay: mine }, { type: 'setVisualEffect', effect: 'sepia' }, { type: 'undo' }]);

function previewOf(base: EditorState, change: Partial<EditorState>): SuggestionPreview {
  return {
    suggestion: { type: 'text-overlay', title: 'A second line', description: 'In the lower third' },
    base,
    state: { ...base, ...change },
    credits: 10,
  };
}

describe('a previewed suggestion', () => {
  it('is shown, while the edit that is saved and exported stays as it was, with its history', () => {
    const preview = previewOf(edited.present, { textOverlays: [mine, hook] });
    const shown = run([{ type: 'previewSuggestion', preview }], edited);
    expect(shownState(shown)).toEqual(preview.state);
    // The autosave and the export read the present: the very same edit, not an equal copy.
    expect(shown.present).toBe(edited.present);
    expect(shown.past).toBe(edited.past);
    expect(shown.future).toBe(edited.future);
    expect(shownState(edited)).toBe(edited.present);
  });

  it('holds every edit, undo and another preview until it is kept or discarded; selecting still works', () => {
    const shown = run([{ type: 'previewSuggestion', preview: previewOf(edited.present, { visualEffect: 'grayscale' }) }], edited);
    expect(canUndo(edited) && canRedo(edited)).toBe(true);
    expect([canUndo(shown), canRedo(shown)]).toEqual([false, false]);
    const held: EditorAction[] = [
      { type: 'setVisualEffect', effect: 'blur' },
      { type: 'moveOverlay', id: 'mine', position: { x: 10, y: 10 } },
      { type: 'addOverlay', overlay: newTextOverlay('other', 8) },
      { type: 'removeOverlay', id: 'mine' },
      { type: 'undo' },
      { type: 'redo' },
      { type: 'previewSuggestion', preview: previewOf(edited.present, { visualEffect: 'vintage' }) },
    ];
    for (const action of held) expect(run([action], shown), action.type).toBe(shown);
    const selected = run([{ type: 'select', id: 'mine' }], shown);
    expect(selected.selectedId).toBe('mine');
    expect(shownState(selected).visualEffect).toBe('grayscale');
  });

  it('discarded, leaves exactly what was there, and the edit goes on', () => {
    const shown = run([{ type: 'previewSuggestion', preview: previewOf(edited.present, { textOverlays: [mine, hook], visualEffect: 'grayscale' }) }], edited);
    expect(shownState(shown).visualEffect).toBe('grayscale');
    const discarded = run([{ type: 'discardPreview' }], shown);
    expect(discarded.present).toBe(edited.present);
    expect(shownState(discarded)).toBe(edited.present);
    expect(discarded.past).toBe(edited.past);
    expect(discarded.future).toBe(edited.future);
    expect(run([{ type: 'setVisualEffect', effect: 'blur' }], discarded).present.visualEffect).toBe('blur');
  });

  it('kept, becomes the edit as one undoable step, from what the server kept', () => {
    const preview = previewOf(edited.present, { textOverlays: [mine, hook] });
    // Keeping applies the suggestion again on the server: the same text, under an id of its own.
    const kept: EditorState = { ...preview.state, textOverlays: [mine, { ...hook, id: 'kept-hook' }] };
    const store = run([{ type: 'previewSuggestion', preview }, { type: 'replaceState', label: 'Apply suggestion', base: preview.base, state: kept }], edited);
    expect(store.preview).toBeNull();
    expect(store.present).toEqual(kept);
    expect(store.past.at(-1)?.command.label).toBe('Apply suggestion');
    expect(run([{ type: 'undo' }], store).present).toEqual(edited.present);
  });

  it('answered after the edit changed, shows the suggestion on top of that edit', () => {
    const base = defaultEditorState(PROJECT_ID, DURATION);
    const later = run([{ type: 'setVisualEffect', effect: 'sepia' }]);
    const shown = run([{ type: 'previewSuggestion', preview: previewOf(base, { textOverlays: [hook], shots: withTrim(base.shots, { start: 1, end: 12 }) }) }], later);
    expect(shownState(shown)).toEqual({ ...later.present, textOverlays: [hook], shots: withTrim(base.shots, { start: 1, end: 8 }) });
  });
});
