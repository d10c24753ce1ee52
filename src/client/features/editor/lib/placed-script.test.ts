import { describe, expect, it } from 'vitest';
import { voiceClips } from '@shared/editor/editor-state';
import { editorReducer, initEditorStore, type EditorAction } from '../store/editor-reducer';
import { followPlacedScript, type PlacedScript } from './placed-script';

const MEDIA = [
  { id: 'voice-a', prompt: 'Welcome back, creators.' },
  { id: 'voice-b', prompt: 'Welcome back, creators! Tonight we film the sunset.' },
];

describe('the script box follows the voice-over on the lane', () => {
  it('undo after a regenerate brings back the old recording and its script; redo the new ones', () => {
    const actions: EditorAction[] = [
      { type: 'placeVoice', mediaId: 'voice-a', seconds: 2, newId: 'v1' },
      { type: 'placeVoice', mediaId: 'voice-b', seconds: 4, newId: 'v2' },
    ];
    const regenerated = actions.reduce(editorReducer, initEditorStore({ projectId: 'p', editorState: null, duration: 8 }));
    const placed = (store: typeof regenerated) => MEDIA.find((asset) => asset.id === voiceClips(store.present)[0]?.source.mediaId);

    // The creator typed the new script and regenerated: the box shows it.
    let box: PlacedScript = { mediaId: 'voice-a', script: MEDIA[1]!.prompt };
    box = followPlacedScript(box, placed(regenerated));
    expect(box).toEqual({ mediaId: 'voice-b', script: MEDIA[1]!.prompt });

    const undone = editorReducer(regenerated, { type: 'undo' });
    box = followPlacedScript(box, placed(undone));
    expect(box).toEqual({ mediaId: 'voice-a', script: 'Welcome back, creators.' });
    box = followPlacedScript(box, placed(editorReducer(undone, { type: 'redo' })));
    expect(box.script).toBe(MEDIA[1]!.prompt);
  });

  it('keeps what the creator types while the same recording stays, and waits for the media list', () => {
    const typed: PlacedScript = { mediaId: 'voice-a', script: 'A new idea' };
    expect(followPlacedScript(typed, MEDIA[0])).toBe(typed);
    expect(followPlacedScript(typed, undefined)).toBe(typed);
    expect(followPlacedScript({ mediaId: undefined, script: '' }, MEDIA[0])).toEqual({ mediaId: 'voice-a', script: 'Welcome back, creators.' });
  });
});
