import { describe, expect, it } from 'vitest';
import { defaultEditorState, newShot, type EditorState } from '@shared/editor/editor-state';
import type { MediaAsset } from '@shared/schemas/media';
import { canUndo, editorReducer, initEditorStore, type EditorAction, type EditorStore } from './editor-reducer';
import { leftOutSince, placementsSince } from './placed-shots';

const PROJECT = 'project-1';

function asset(id: string, sequence: MediaAsset['sequence'], status: MediaAsset['status'] = 'ready'): MediaAsset {
  return { id, kind: 'video', origin: 'generated', status, duration: 4, width: 360, height: 640, hasAudio: true, videoUrl: `/api/media/${id}/video`, posterUrl: null, sequence };
}

const twoShots: EditorState = {
  ...defaultEditorState(PROJECT, 8),
  shots: [{ ...newShot('first', PROJECT, 8), out: 4 }, { ...newShot('second', PROJECT, 8), in: 4 }],
};

function run(actions: EditorAction[], start: EditorStore = initEditorStore({ projectId: PROJECT, editorState: twoShots, duration: 8, placedShots: 1 })): EditorStore {
  return actions.reduce(editorReducer, start);
}

const ids = (store: EditorStore) => store.present.shots.map((shot) => shot.id);

describe('shots the server placed in the edit', () => {
  it('are read from the media list: the ready ones placed after those the editor has, in placement order', () => {
    const media = [
      asset(PROJECT, undefined),
      asset('c', { afterShotId: null, placed: 3 }),
      asset('old', { afterShotId: 'first', placed: 1 }),
      asset('b', { afterShotId: 'first', placed: 2 }),
      asset('waiting', { afterShotId: 'first', placed: null }, 'generating'),
    ];
    expect(placementsSince(media, 1)).toEqual({
      shots: [
        { mediaId: 'b', seconds: 4, afterShotId: 'first', shotId: 'shot-b' },
        { mediaId: 'c', seconds: 4, afterShotId: null, shotId: 'shot-c' },
      ],
      seen: 3,
    });
    expect(placementsSince(media, 3)).toBeNull();
  });

  it('join the edit where the server put them, as one undo step; once taken in, a delete is not undone by the next read', () => {
    const placed = placementsSince([asset('b', { afterShotId: 'first', placed: 2 }), asset('c', { afterShotId: 'gone', placed: 3 })], 1)!;
    const store = run([{ type: 'placeShots', ...placed }]);
    expect(ids(store)).toEqual(['first', 'shot-b', 'second', 'shot-c']);
    expect(store.present.shots[1]).toMatchObject({ mediaId: 'b', in: 0, out: 4, transition: { kind: 'cut' } });
    expect(store.placedShotsSeen).toBe(3);
    expect(store.past).toHaveLength(1);
    expect(store.past[0]?.command.label).toBe('Add shot');

    const deleted = run([{ type: 'removeShot', id: 'shot-b' }], store);
    // The same media list read again: nothing comes back.
    expect(ids(run([{ type: 'placeShots', ...placed }], deleted))).toEqual(['first', 'second', 'shot-c']);
  });

  it('counts a placement the edit already has (an extension brought the saved edit) without a step', () => {
    const withShot = initEditorStore({ projectId: PROJECT, editorState: { ...twoShots, shots: [...twoShots.shots, newShot('shot-b', 'b', 4)] }, duration: 8, placedShots: 1 });
    const store = run([{ type: 'placeShots', shots: [{ mediaId: 'b', seconds: 4, afterShotId: 'first', shotId: 'shot-b' }], seen: 2 }], withShot);
    expect(ids(store)).toEqual(['first', 'second', 'shot-b']);
    expect(store.placedShotsSeen).toBe(2);
    expect(canUndo(store)).toBe(false);
  });

  it('tells of a clip left out of the sequence once, when it turns ready after being made while the editor watched', () => {
    const leftOut = { afterShotId: 'first', placed: null, notPlaced: 'A video can be at most 10 minutes long; with this shot the sequence would run 10:04. Trim or remove shots.' };
    const media = [asset('left', leftOut), asset('placed', { afterShotId: 'first', placed: 2 }), asset('before', leftOut)];
    expect(leftOutSince(new Set(['left', 'placed']), media)).toEqual([{ mediaId: 'left', reason: leftOut.notPlaced }]);
    // Left out before the editor looked, or still being made: the media bin says it.
    expect(leftOutSince(new Set(), media)).toEqual([]);
    expect(leftOutSince(new Set(['left']), [asset('left', { afterShotId: 'first', placed: null }, 'generating')])).toEqual([]);
  });
});
