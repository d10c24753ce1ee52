import { describe, expect, it } from 'vitest';
import { editorStateSchema, voiceClips } from '@shared/editor/editor-state';
import { editorReducer, initEditorStore, type EditorAction, type EditorStore } from './editor-reducer';

function run(actions: EditorAction[], start: EditorStore = initEditorStore({ projectId: 'p', editorState: null, duration: 8 })): EditorStore {
  return actions.reduce(editorReducer, start);
}

describe('the voice lane in the editor', () => {
  it('puts a voice-over under the sequence from its start, as one undo step, in a valid document', () => {
    const store = run([{ type: 'placeVoice', mediaId: 'voice-a', seconds: 4.2, newId: 'v1' }]);
    expect(voiceClips(store.present)).toEqual([
      { id: 'v1', lane: 'voice', source: { mediaId: 'voice-a' }, start: 0, end: 4.2, sourceIn: 0, sourceOut: 4.2, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: false },
    ]);
    expect(editorStateSchema.safeParse(store.present).success).toBe(true);
    expect(voiceClips(run([{ type: 'undo' }], store).present)).toEqual([]);
  });

  it('a regenerated voice-over takes the old one’s place and keeps where it starts; removing it empties the lane', () => {
    const placed = run([{ type: 'placeVoice', mediaId: 'voice-a', seconds: 4, newId: 'v1' }]);
    const moved = { ...placed, present: { ...placed.present, audioClips: placed.present.audioClips.map((clip) => ({ ...clip, start: 1.5, end: 5.5 })) } };
    const replaced = run([{ type: 'placeVoice', mediaId: 'voice-b', seconds: 3, newId: 'v2' }], moved);
    expect(voiceClips(replaced.present)).toMatchObject([{ id: 'v1', source: { mediaId: 'voice-b' }, start: 1.5, end: 4.5, sourceOut: 3 }]);
    expect(replaced.past.at(-1)?.command.label).toBe('Replace voice-over');
    expect(voiceClips(run([{ type: 'removeVoice' }], replaced).present)).toEqual([]);
  });
});
