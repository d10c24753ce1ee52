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
      { id: 'v1', lane: 'voice', source: { mediaId: 'voice-a' }, start: 0, end: 4.2, sourceIn: 0, sourceOut: 4.2, volume: 1, fadeIn: 0, fadeOut: 0, loop: false, duck: true },
    ]);
    expect(editorStateSchema.safeParse(store.present).success).toBe(true);
    expect(voiceClips(run([{ type: 'undo' }], store).present)).toEqual([]);
  });

  it('turns the shots’ ducking under the voice off and on again, one undo step each', () => {
    const placed = run([{ type: 'placeVoice', mediaId: 'voice-a', seconds: 4, newId: 'v1' }]);
    const off = run([{ type: 'changeVoice', change: { duck: false } }], placed);
    expect(voiceClips(off.present)[0]?.duck).toBe(false);
    expect(off.past.at(-1)?.command.label).toBe('Change ducking under the voice');
    expect(voiceClips(run([{ type: 'undo' }], off).present)[0]?.duck).toBe(true);
  });

  it('a regenerated voice-over takes the old one’s place and keeps where it starts; removing it empties the lane', () => {
    const placed = run([{ type: 'placeVoice', mediaId: 'voice-a', seconds: 4, newId: 'v1' }]);
    const moved = { ...placed, present: { ...placed.present, audioClips: placed.present.audioClips.map((clip) => ({ ...clip, start: 1.5, end: 5.5 })) } };
    const replaced = run([{ type: 'placeVoice', mediaId: 'voice-b', seconds: 3, newId: 'v2' }], moved);
    expect(voiceClips(replaced.present)).toMatchObject([{ id: 'v1', source: { mediaId: 'voice-b' }, start: 1.5, end: 4.5, sourceOut: 3 }]);
    expect(replaced.past.at(-1)?.command.label).toBe('Replace voice-over');
    expect(voiceClips(run([{ type: 'removeVoice' }], replaced).present)).toEqual([]);
  });

  it('a trim keeps every word where it is on the output; the end stops at the recording’s end; a move stays inside the output', () => {
    // 8 s of output, a 4 s voice-over placed at 1 s.
    const placed = run([
      { type: 'placeVoice', mediaId: 'voice-a', seconds: 4, newId: 'v1' },
      { type: 'setVoiceTiming', edit: { edge: 'move', start: 1 }, sourceSeconds: 4 },
    ]);
    expect(voiceClips(placed.present)).toMatchObject([{ start: 1, end: 5, sourceIn: 0, sourceOut: 4 }]);
    // The start edge dragged to 2 s: the recording now plays from its second 1, still at output 2 s.
    const trimmed = run([{ type: 'setVoiceTiming', edit: { edge: 'start', start: 2 }, sourceSeconds: 4 }], placed);
    expect(voiceClips(trimmed.present)).toMatchObject([{ start: 2, end: 5, sourceIn: 1, sourceOut: 4 }]);
    // Dragged back past where the recording starts: it stops at its first word's place, 1 s.
    const back = run([{ type: 'setVoiceTiming', edit: { edge: 'start', start: 0 }, sourceSeconds: 4 }], trimmed);
    expect(voiceClips(back.present)).toMatchObject([{ start: 1, sourceIn: 0 }]);
    // The end edge cannot pass the recording's end (4 s into it = 5 s of output), and keeps at least 0.5 s.
    const longer = run([{ type: 'setVoiceTiming', edit: { edge: 'end', end: 7.5 }, sourceSeconds: 4 }], trimmed);
    expect(voiceClips(longer.present)).toMatchObject([{ end: 5, sourceOut: 4 }]);
    const shorter = run([{ type: 'setVoiceTiming', edit: { edge: 'end', end: 0 }, sourceSeconds: 4 }], trimmed);
    expect(voiceClips(shorter.present)).toMatchObject([{ start: 2, end: 2.5, sourceIn: 1, sourceOut: 1.5 }]);
    // A move keeps the length and stays inside the 8 s output.
    const moved = run([{ type: 'setVoiceTiming', edit: { edge: 'move', start: 7 }, sourceSeconds: 4 }], trimmed);
    expect(voiceClips(moved.present)).toMatchObject([{ start: 5, end: 8, sourceIn: 1, sourceOut: 4 }]);
    expect(editorStateSchema.safeParse(moved.present).success).toBe(true);
    expect(moved.past.at(-1)?.command.label).toBe('Move voice-over');
  });

  it('changes the voice’s volume and fades inside their ranges, one undo step per drag', () => {
    const placed = run([{ type: 'placeVoice', mediaId: 'voice-a', seconds: 4, newId: 'v1' }]);
    const changed = run(
      [
        { type: 'changeVoice', change: { volume: 0.3 }, gesture: 'drag-1' },
        { type: 'changeVoice', change: { volume: 3 }, gesture: 'drag-1' },
        { type: 'changeVoice', change: { fadeIn: 0.4 } },
        { type: 'changeVoice', change: { fadeOut: Number.NaN } },
      ],
      placed,
    );
    // The drag ends at the top of the range; a value that is not a number changes nothing and is no step.
    expect(voiceClips(changed.present)).toMatchObject([{ volume: 1, fadeIn: 0.4, fadeOut: 0 }]);
    expect(changed.past.length - placed.past.length).toBe(2);
    expect(voiceClips(run([{ type: 'undo' }], changed).present)).toMatchObject([{ volume: 1, fadeIn: 0 }]);
  });
});
