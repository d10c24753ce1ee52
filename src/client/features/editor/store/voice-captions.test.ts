import { describe, expect, it } from 'vitest';
import { heardCaptions, outOfDateVoiceClip } from '@shared/captions/voice-captions';
import { editorStateSchema, voiceClips } from '@shared/editor/editor-state';
import type { TimedWord } from '@shared/speech/timed-word';
import { editorReducer, initEditorStore, type EditorAction, type EditorStore } from './editor-reducer';

function run(actions: EditorAction[], start: EditorStore = initEditorStore({ projectId: 'p', editorState: null, duration: 8 })): EditorStore {
  return actions.reduce(editorReducer, start);
}

/** A recording's words, seconds into its audio: one every 0.5 s from 0.1 s, each 0.4 s long. */
const recording = (text: string): TimedWord[] => text.split(' ').map((word, index) => ({ text: word, start: 0.1 + index * 0.5, end: 0.5 + index * 0.5 }));
const FIRST = recording('Welcome back creators today we film the sunrise');
const SECOND = recording('Welcome back creators tonight we film the sunset together');

/** The words the captions show (what the preview and the export draw), as text. */
const shownWords = (store: EditorStore) => heardCaptions(store.present)?.lines.flatMap((line) => line.words.map((word) => word.text)) ?? [];
const storedWords = (store: EditorStore) => store.present.captions?.lines.flatMap((line) => line.words) ?? [];

/** A voice-over placed 1 s into the output, with captions made from it (the server places its words the same way). */
function captioned(): EditorStore {
  const placed = run([
    { type: 'placeVoice', mediaId: 'voice-a', seconds: 4.6, newId: 'v1', words: FIRST },
    { type: 'setVoiceTiming', edit: { edge: 'move', start: 1 }, sourceSeconds: 4.6 },
  ]);
  const words = FIRST.map((word) => ({ ...word, start: word.start + 1, end: word.end + 1 }));
  return run([{ type: 'setCaptions', words, idPrefix: 'c1', voice: { clipId: 'v1', mediaId: 'voice-a' } }], placed);
}

describe('captions made from a voice-over follow it', () => {
  it('a new recording re-times them to its words, keeping the creator’s corrections and emphasis where the words still match, in one undo step', () => {
    const edited = run(
      [
        { type: 'editCaptionWord', lineId: 'c1-1', index: 2, text: 'Creators!' },
        { type: 'toggleCaptionEmphasis', lineId: 'c1-2', index: 2 },
      ],
      captioned(),
    );
    expect(storedWords(edited).map((word) => word.text)).toEqual(['Welcome', 'back', 'Creators!', 'today', 'we', 'film', 'the', 'sunrise']);

    const regenerated = run([{ type: 'placeVoice', mediaId: 'voice-b', seconds: 5.1, newId: 'v2', words: SECOND, previousWords: FIRST }], edited);
    const words = storedWords(regenerated);
    expect(words.map((word) => word.text)).toEqual(['Welcome', 'back', 'Creators!', 'tonight', 'we', 'film', 'the', 'sunset', 'together']);
    // Each word where the new recording says it (it plays from 1 s of the output).
    expect(words.map((word) => word.start)).toEqual(SECOND.map((word) => word.start + 1));
    expect(words.map((word) => word.end)).toEqual(SECOND.map((word) => word.end + 1));
    // "film" (the third word of the line "today we film") was emphasised and is still said.
    expect(words.filter((word) => word.emphasis).map((word) => word.text)).toEqual(['film']);
    expect(regenerated.present.captions?.voice).toEqual({ clipId: 'v1', mediaId: 'voice-b' });
    expect(shownWords(regenerated)).toEqual(words.map((word) => word.text));
    expect(editorStateSchema.safeParse(regenerated.present).success).toBe(true);

    // One step: undo brings back the old recording and its captions together.
    expect(regenerated.past.length - edited.past.length).toBe(1);
    const undone = run([{ type: 'undo' }], regenerated);
    expect(voiceClips(undone.present)[0]?.source.mediaId).toBe('voice-a');
    expect(undone.present.captions).toEqual(edited.present.captions);
    expect(run([{ type: 'redo' }], undone).present).toEqual(regenerated.present);
  });

  it('are out of date, not wrong, when the new recording’s words are not known', () => {
    const store = run([{ type: 'placeVoice', mediaId: 'voice-b', seconds: 5.1, newId: 'v2' }], captioned());
    expect(store.present.captions?.voice).toEqual({ clipId: 'v1', mediaId: 'voice-a' });
    expect(outOfDateVoiceClip(store.present)?.source.mediaId).toBe('voice-b');
    // Remade from the new recording: the captions follow it again.
    const words = SECOND.map((word) => ({ ...word, start: word.start + 1, end: word.end + 1 }));
    const remade = run([{ type: 'setCaptions', words, idPrefix: 'c2', voice: { clipId: 'v1', mediaId: 'voice-b' } }], store);
    expect(shownWords(remade)).toEqual(SECOND.map((word) => word.text));
    expect(outOfDateVoiceClip(remade.present)).toBeUndefined();
  });

  it('move with the voice-over', () => {
    const moved = run([{ type: 'setVoiceTiming', edit: { edge: 'move', start: 2 }, sourceSeconds: 4.6 }], captioned());
    expect(storedWords(moved)[0]).toMatchObject({ text: 'Welcome', start: 2.1, end: 2.5 });
    expect(run([{ type: 'undo' }], moved).present.captions).toEqual(captioned().present.captions);
  });

  it('removing the voice-over removes its captions, or keeps the words it played as plain captions', () => {
    const trimmed = run([{ type: 'setVoiceTiming', edit: { edge: 'end', end: 3 }, sourceSeconds: 4.6 }], captioned());
    const removed = run([{ type: 'removeVoice', captions: 'remove' }], trimmed);
    expect(voiceClips(removed.present)).toEqual([]);
    expect(removed.present.captions).toBeNull();
    expect(run([{ type: 'undo' }], removed).present).toEqual(trimmed.present);

    const kept = run([{ type: 'removeVoice', captions: 'keep' }], trimmed);
    expect(kept.present.captions?.voice).toBeNull();
    expect(storedWords(kept).map((word) => word.text)).toEqual(['Welcome', 'back', 'creators', 'today']);
    expect(shownWords(kept)).toEqual(['Welcome', 'back', 'creators', 'today']);
  });
});

describe('captions show what the voice-over plays', () => {
  it('a trimmed word is hidden, not deleted, and comes back when the edge is dragged back', () => {
    const store = captioned();
    // The voice-over plays 1 … 5.6 s; its end dragged to 3 s: "we film the sunrise" (from 3.1 s) is cut off.
    const trimmed = run([{ type: 'setVoiceTiming', edit: { edge: 'end', end: 3 }, sourceSeconds: 4.6 }], store);
    expect(shownWords(trimmed)).toEqual(['Welcome', 'back', 'creators', 'today']);
    expect(trimmed.present.captions).toEqual(store.present.captions);
    const back = run([{ type: 'setVoiceTiming', edit: { edge: 'end', end: 5.6 }, sourceSeconds: 4.6 }], trimmed);
    expect(shownWords(back)).toEqual(FIRST.map((word) => word.text));

    // The start edge too: "Welcome back" (1.1–2 s) is cut off at 2.2 s and comes back.
    const start = run([{ type: 'setVoiceTiming', edit: { edge: 'start', start: 2.2 }, sourceSeconds: 4.6 }], store);
    expect(shownWords(start)[0]).toBe('creators');
    expect(shownWords(run([{ type: 'setVoiceTiming', edit: { edge: 'start', start: 0 }, sourceSeconds: 4.6 }], start))[0]).toBe('Welcome');
  });

  it('captions from a script or a transcription show every word, as before', () => {
    const store = run([
      { type: 'placeVoice', mediaId: 'voice-a', seconds: 4.6, newId: 'v1' },
      { type: 'setCaptions', words: FIRST, idPrefix: 'c1' },
      { type: 'setVoiceTiming', edit: { edge: 'end', end: 1 }, sourceSeconds: 4.6 },
    ]);
    expect(shownWords(store)).toEqual(FIRST.map((word) => word.text));
  });
});
