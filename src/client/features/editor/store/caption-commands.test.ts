import { describe, expect, it } from 'vitest';
import { editorStateSchema } from '@shared/editor/editor-state';
import { canUndo, editorReducer, initEditorStore, type EditorAction, type EditorStore } from './editor-reducer';

const WORDS = ['Make', 'it', 'pop', 'today'].map((text, index) => ({ text, start: 1 + index * 0.4, end: 1.3 + index * 0.4 }));

function run(actions: EditorAction[], start: EditorStore = initEditorStore({ projectId: 'p', editorState: null, duration: 8 })): EditorStore {
  return actions.reduce(editorReducer, start);
}

const lineTexts = (store: EditorStore) => store.present.captions?.lines.map((line) => line.words.map((word) => word.text).join(' '));

describe('caption edits in the editor', () => {
  it('adds captions in lines as one undo step, and the document stays valid', () => {
    const store = run([{ type: 'setCaptions', words: WORDS, idPrefix: 'c1' }]);
    expect(lineTexts(store)).toEqual(['Make it pop', 'today']);
    expect(store.present.captions?.lines.map((line) => line.id)).toEqual(['c1-1', 'c1-2']);
    expect(store.past.map((entry) => entry.command.label)).toEqual(['Add captions']);
    expect(editorStateSchema.safeParse(store.present).success).toBe(true);
    expect(run([{ type: 'undo' }], store).present.captions).toBeNull();
  });

  it('restyles, regroups on a new words per line, and refuses a style the document would not take', () => {
    const base = run([{ type: 'setCaptions', words: WORDS, idPrefix: 'c1' }]);
    const two = run([{ type: 'styleCaptions', style: { wordsPerLine: 2 }, idPrefix: 'c2' }], base);
    expect(lineTexts(two)).toEqual(['Make it', 'pop today']);
    const refused = run([{ type: 'styleCaptions', style: { fontSize: 500 }, idPrefix: 'c3' }], base);
    expect(refused).toBe(base);
    const boxed = run([{ type: 'applyCaptionPreset', presetId: 'boxed', idPrefix: 'c4' }], base);
    expect(boxed.present.captions?.style.look).toBe('boxed');
    expect(boxed.past.at(-1)?.command.label).toBe('Apply caption preset');
  });

  it('a dragged word edge is one undo step for the whole gesture', () => {
    const base = run([{ type: 'setCaptions', words: WORDS, idPrefix: 'c1' }]);
    const dragged = run(
      [0.95, 0.9, 0.85].map((time): EditorAction => ({ type: 'setCaptionWordEdge', lineId: 'c1-1', index: 0, edge: 'start', time, gesture: 'drag-1' })),
      base,
    );
    expect(dragged.present.captions?.lines[0]?.words[0]?.start).toBe(0.85);
    expect(dragged.past.length).toBe(base.past.length + 1);
    expect(run([{ type: 'undo' }], dragged).present.captions?.lines[0]?.words[0]?.start).toBe(1);
    expect(canUndo(dragged)).toBe(true);
  });
});
