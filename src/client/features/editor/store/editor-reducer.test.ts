import { describe, expect, it } from 'vitest';
import { MAX_OVERLAY_LINES, MAX_OVERLAYS } from '@shared/editor/editor-constants';
import { defaultEditorState, editorStateSchema, newShot, newTextOverlay, outputDuration, type EditorState } from '@shared/editor/editor-state';
import { sequenceSound, trimOf } from '@shared/editor/sequence-controls';
import { canRedo, canUndo, editorReducer, initEditorStore, type EditorAction, type EditorStore } from './editor-reducer';

const PROJECT_ID = 'project-1';
const DURATION = 8;

function run(actions: EditorAction[], start: EditorStore = initEditorStore({ projectId: PROJECT_ID, editorState: null, duration: DURATION })): EditorStore {
  return actions.reduce(editorReducer, start);
}

function withOverlay(): EditorStore {
  return run([{ type: 'addOverlay', overlay: newTextOverlay('a', 8) }]);
}

const trim = (store: EditorStore) => trimOf(store.present);

function overlay(store: EditorStore, id = 'a') {
  const found = store.present.textOverlays.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no overlay ${id}`);
  return found;
}

describe('loading', () => {
  it('starts an unedited project from the defaults and a saved one from its state', () => {
    expect(initEditorStore({ projectId: PROJECT_ID, editorState: null, duration: DURATION }).present).toEqual(defaultEditorState(PROJECT_ID, DURATION));
    const saved: EditorState = { ...defaultEditorState(PROJECT_ID, DURATION), visualEffect: 'sepia', shots: [{ ...newShot('shot-1', PROJECT_ID, DURATION), in: 1, out: 9 }] };
    const store = initEditorStore({ projectId: PROJECT_ID, editorState: saved, duration: DURATION });
    expect(store.present.visualEffect).toBe('sepia');
    expect(trim(store)).toEqual({ start: 1, end: 8 });
    expect(canUndo(store)).toBe(false);
  });

  it('holds every shot to its own clip: a longer shot placed first keeps its length when the editor reopens', () => {
    const long = newShot('long', 'asset-long', 20);
    const saved: EditorState = { ...defaultEditorState(PROJECT_ID, DURATION), shots: [long, { ...newShot('own', PROJECT_ID, DURATION), out: 9 }] };
    const store = initEditorStore({ projectId: PROJECT_ID, editorState: saved, duration: DURATION, clipSeconds: { 'asset-long': 20 } });
    expect(store.present.shots.map(({ id, in: from, out }) => ({ id, from, out }))).toEqual([
      { id: 'long', from: 0, out: 20 },
      { id: 'own', from: 0, out: 8 },
    ]);
  });

  it('edits a sequence of several shots as its first: the trim and the sound, keeping the others', () => {
    const later = { ...newShot('shot-2', 'asset-2', 20), in: 2, out: 12 };
    const saved: EditorState = { ...defaultEditorState(PROJECT_ID, DURATION), shots: [newShot('shot-1', PROJECT_ID, DURATION), later] };
    const store = run(
      [
        { type: 'trimShot', id: 'shot-1', edge: 'in', time: 1, clipSeconds: DURATION },
        { type: 'trimShot', id: 'shot-1', edge: 'out', time: 9, clipSeconds: DURATION },
        { type: 'setVolume', volume: 0.5 },
      ],
      initEditorStore({ projectId: PROJECT_ID, editorState: saved, duration: DURATION }),
    );
    expect(store.present.shots).toEqual([
      { ...newShot('shot-1', PROJECT_ID, DURATION), in: 1, out: 8, volume: 0.5 },
      { ...later, volume: 0.5 },
    ]);
    expect(outputDuration(store.present)).toBe(17);
    expect(editorStateSchema.safeParse(store.present).success).toBe(true);
  });
});

describe('overlay edits', () => {
  it('adds an overlay with the defaults and selects it', () => {
    const store = withOverlay();
    expect(store.present.textOverlays).toEqual([newTextOverlay('a', 8)]);
    expect(store.selectedId).toBe('a');
  });

  it(`refuses more than ${MAX_OVERLAYS} overlays and duplicate ids`, () => {
    const adds = Array.from({ length: MAX_OVERLAYS + 3 }, (_, i): EditorAction => ({ type: 'addOverlay', overlay: newTextOverlay(`o${i}`, 8) }));
    expect(run(adds).present.textOverlays).toHaveLength(MAX_OVERLAYS);
    expect(run([{ type: 'addOverlay', overlay: newTextOverlay('a', 8) }], withOverlay()).past).toHaveLength(1);
  });

  it('moves, keeping the centre inside the frame', () => {
    const moved = run([{ type: 'moveOverlay', id: 'a', position: { x: 20.123, y: 80 } }], withOverlay());
    expect(overlay(moved).position).toEqual({ x: 20.12, y: 80 });
    const outside = run([{ type: 'moveOverlay', id: 'a', position: { x: -15, y: 140 } }], withOverlay());
    expect(overlay(outside).position).toEqual({ x: 0, y: 100 });
  });

  it('keeps the whole box inside the frame when its size is given', () => {
    const halfSize = { width: 30, height: 5 };
    const outside = run([{ type: 'moveOverlay', id: 'a', position: { x: 95, y: -10 }, halfSize }], withOverlay());
    expect(overlay(outside).position).toEqual({ x: 70, y: 5 });
    const wide = run([{ type: 'moveOverlay', id: 'a', position: { x: 10, y: 97 }, halfSize: { width: 60, height: 5 } }], withOverlay());
    expect(overlay(wide).position).toEqual({ x: 50, y: 95 });
  });

  it('sets the box width and the entrance and exit, inside their ranges, each a labelled step', () => {
    const store = run(
      [
        { type: 'styleOverlay', id: 'a', style: { boxWidth: 55.4 } },
        { type: 'styleOverlay', id: 'a', style: { enter: { kind: 'pop' } } },
        { type: 'styleOverlay', id: 'a', style: { enter: { duration: 9 } } },
        { type: 'styleOverlay', id: 'a', style: { exit: { kind: 'slide-up', duration: 0.01 } } },
        { type: 'styleOverlay', id: 'a', style: { boxWidth: 2 } },
      ],
      withOverlay(),
    );
    expect(overlay(store)).toMatchObject({ boxWidth: 10, enter: { kind: 'pop', duration: 3 }, exit: { kind: 'slide-up', duration: 0.1 } });
    expect(store.past.map((entry) => entry.command.label)).toEqual([
      'Add text',
      'Change box width',
      'Change entrance',
      'Change entrance',
      'Change exit',
      'Change box width',
    ]);
    expect(editorStateSchema.safeParse(store.present).success).toBe(true);
    const undone = run([{ type: 'undo' }, { type: 'undo' }], store);
    expect(overlay(undone)).toMatchObject({ boxWidth: 55, exit: { kind: 'none', duration: 0.5 } });
  });

  it('restyles and edits the text, and keeps blank text out', () => {
    const store = run(
      [
        { type: 'styleOverlay', id: 'a', style: { fontFamily: 'Lobster', color: '#ffd700', textAlign: 'left' } },
        { type: 'styleOverlay', id: 'a', style: { outline: { color: '#3b82f6' } } },
        { type: 'editOverlayText', id: 'a', text: 'Hello\nworld' },
        { type: 'editOverlayText', id: 'a', text: '   ' },
        { type: 'styleOverlay', id: 'a', style: { color: 'red; background:url(x)' } },
      ],
      withOverlay(),
    );
    expect(overlay(store)).toMatchObject({
      fontFamily: 'Lobster',
      color: '#FFD700',
      textAlign: 'left',
      outline: { color: '#3B82F6', thickness: 3 },
      text: 'Hello\nworld',
    });
    expect(store.past).toHaveLength(4);
    expect(editorStateSchema.safeParse(store.present).success).toBe(true);
  });

  it(`keeps edited text inside the overlay's ${MAX_OVERLAY_LINES} lines`, () => {
    const lines = Array.from({ length: MAX_OVERLAY_LINES + 2 }, (_, i) => `line ${i}`);
    const store = run([{ type: 'editOverlayText', id: 'a', text: lines.join('\n') }], withOverlay());
    expect(overlay(store).text).toBe(lines.slice(0, MAX_OVERLAY_LINES).join('\n'));
    expect(editorStateSchema.safeParse(store.present).success).toBe(true);
  });

  it('deletes the selected overlay and clears the selection; undo puts it back in its place', () => {
    const three = run([
      { type: 'addOverlay', overlay: newTextOverlay('a', 8) },
      { type: 'addOverlay', overlay: newTextOverlay('b', 8) },
      { type: 'addOverlay', overlay: newTextOverlay('c', 8) },
      { type: 'select', id: 'b' },
    ]);
    const deleted = run([{ type: 'removeOverlay', id: 'b' }], three);
    expect(deleted.present.textOverlays.map((o) => o.id)).toEqual(['a', 'c']);
    expect(deleted.selectedId).toBeNull();
    expect(run([{ type: 'undo' }], deleted).present.textOverlays.map((o) => o.id)).toEqual(['a', 'b', 'c']);
  });

  it('ignores edits that change nothing or name an unknown overlay', () => {
    const store = withOverlay();
    expect(run([{ type: 'styleOverlay', id: 'a', style: { fontSize: 48 } }], store)).toBe(store);
    expect(run([{ type: 'moveOverlay', id: 'zzz', position: { x: 1, y: 1 } }], store)).toBe(store);
    expect(run([{ type: 'removeOverlay', id: 'zzz' }], store)).toBe(store);
  });
});

describe('undo and redo', () => {
  it('walks back and forth through the history, and a new edit drops the redo branch', () => {
    const edited = run([
      { type: 'addOverlay', overlay: newTextOverlay('a', 8) },
      { type: 'moveOverlay', id: 'a', position: { x: 10, y: 10 } },
      { type: 'setVisualEffect', effect: 'grayscale' },
    ]);
    const back = run([{ type: 'undo' }, { type: 'undo' }], edited);
    expect(back.present.visualEffect).toBe('none');
    expect(overlay(back).position).toEqual({ x: 50, y: 50 });
    expect(canRedo(back)).toBe(true);

    const forward = run([{ type: 'redo' }, { type: 'redo' }], back);
    expect(forward.present).toEqual(edited.present);
    expect(canRedo(forward)).toBe(false);

    const branched = run([{ type: 'setVisualEffect', effect: 'blur' }], back);
    expect(canRedo(branched)).toBe(false);
    expect(run([{ type: 'undo' }, { type: 'undo' }], branched).present.textOverlays).toEqual([]);
  });

  it('clears a selection whose overlay an undo removed', () => {
    const undone = run([{ type: 'undo' }], withOverlay());
    expect(undone.present.textOverlays).toEqual([]);
    expect(undone.selectedId).toBeNull();
    expect(run([{ type: 'undo' }], undone)).toBe(undone);
  });
});

describe('the video lane', () => {
  const ids = (store: EditorStore) => store.present.shots.map((shot) => shot.id);

  it('splits, duplicates, moves and deletes shots, each one undo step, and never deletes the last', () => {
    const split = run([{ type: 'splitShot', at: 3, newId: 'shot-2' }]);
    expect(split.present.shots.map(({ id, in: from, out }) => ({ id, from, out }))).toEqual([
      { id: 'shot-1', from: 0, out: 3 },
      { id: 'shot-2', from: 3, out: 8 },
    ]);
    const edited = run(
      [
        { type: 'duplicateShot', id: 'shot-1', newId: 'copy' },
        { type: 'moveShot', id: 'shot-2', to: 0 },
        { type: 'removeShot', id: 'copy' },
      ],
      split,
    );
    expect(ids(edited)).toEqual(['shot-2', 'shot-1']);
    expect(edited.past).toHaveLength(4);
    expect(ids(run([{ type: 'undo' }], edited))).toEqual(['shot-2', 'shot-1', 'copy']);
    const alone = run([{ type: 'removeShot', id: 'shot-1' }]);
    expect(ids(alone)).toEqual(['shot-1']);
    expect(alone.past).toHaveLength(0);
  });

  it('deletes the first shot as one undo step: the voice-over is left as it was and comes back with the length', () => {
    const twoShots = run([
      { type: 'addShot', afterId: 'shot-1', mediaId: 'asset-2', seconds: 6, newId: 'shot-2' },
      { type: 'placeVoice', mediaId: 'voice-a', seconds: 12, newId: 'v1' },
    ]);
    const deleted = run([{ type: 'removeShot', id: 'shot-1' }], twoShots);
    expect(ids(deleted)).toEqual(['shot-2']);
    expect(deleted.present.audioClips).toEqual(twoShots.present.audioClips);
    expect(canUndo(deleted)).toBe(true);
    const undone = run([{ type: 'undo' }], deleted);
    expect(undone.present).toEqual(twoShots.present);
    expect(canRedo(undone)).toBe(true);
    expect(run([{ type: 'redo' }], undone).present).toEqual(deleted.present);
  });

  it('adds a shot of a whole clip after a given shot or first, cut in at full volume, as one undo step', () => {
    const split = run([{ type: 'splitShot', at: 3, newId: 'shot-2' }]);
    const added = run([{ type: 'addShot', afterId: 'shot-1', mediaId: 'asset-9', seconds: 6.0004, newId: 'new' }], split);
    expect(ids(added)).toEqual(['shot-1', 'new', 'shot-2']);
    expect(added.present.shots[1]).toEqual({ id: 'new', mediaId: 'asset-9', in: 0, out: 6, volume: 1, muted: false, transition: { kind: 'cut', duration: 0.5 } });
    expect(outputDuration(added.present)).toBe(DURATION + 6);
    expect(added.past).toHaveLength(2);
    expect(added.past.at(-1)?.command.label).toBe('Add shot');
    expect(ids(run([{ type: 'undo' }], added))).toEqual(['shot-1', 'shot-2']);
    expect(ids(run([{ type: 'addShot', afterId: null, mediaId: 'asset-9', seconds: 4, newId: 'first' }], split))).toEqual(['first', 'shot-1', 'shot-2']);
    // A shot that is gone, or a clip with no length, adds nothing.
    expect(run([{ type: 'addShot', afterId: 'gone', mediaId: 'asset-9', seconds: 4, newId: 'x' }], split)).toBe(split);
    expect(run([{ type: 'addShot', afterId: 'shot-1', mediaId: 'asset-9', seconds: 0, newId: 'x' }], split)).toBe(split);
    expect(editorStateSchema.safeParse(added.present).success).toBe(true);
  });

  it('trims a shot’s edge as one step per drag, and sets how the next shot comes in', () => {
    const split = run([{ type: 'splitShot', at: 4, newId: 'shot-2' }]);
    const dragged = run(
      [3.5, 3, 2.5].map((time): EditorAction => ({ type: 'trimShot', id: 'shot-1', edge: 'out', time, clipSeconds: DURATION, gesture: 'edge-1' })),
      split,
    );
    expect(dragged.present.shots[0]).toMatchObject({ in: 0, out: 2.5 });
    expect(outputDuration(dragged.present)).toBe(6.5);
    expect(dragged.past).toHaveLength(2);
    const faded = run([{ type: 'setTransition', id: 'shot-2', kind: 'crossfade', duration: 0.8 }], dragged);
    expect(faded.present.shots[1]?.transition).toEqual({ kind: 'crossfade', duration: 0.8 });
    expect(outputDuration(faded.present)).toBeCloseTo(5.7);
    expect(editorStateSchema.safeParse(faded.present).success).toBe(true);
  });
});

describe('gestures', () => {
  it('folds a whole drag into one undo step', () => {
    const moves = [10, 20, 30, 40].map((x): EditorAction => ({ type: 'moveOverlay', id: 'a', position: { x, y: x }, gesture: 'drag-1' }));
    const dragged = run(moves, withOverlay());
    expect(dragged.past).toHaveLength(2);
    expect(overlay(dragged).position).toEqual({ x: 40, y: 40 });
    const undone = run([{ type: 'undo' }], dragged);
    expect(overlay(undone).position).toEqual({ x: 50, y: 50 });
    expect(overlay(run([{ type: 'redo' }], undone)).position).toEqual({ x: 40, y: 40 });
  });

  it('keeps two drags, and a slider slide, as separate steps', () => {
    const store = run(
      [
        { type: 'moveOverlay', id: 'a', position: { x: 10, y: 10 }, gesture: 'drag-1' },
        { type: 'moveOverlay', id: 'a', position: { x: 20, y: 20 }, gesture: 'drag-2' },
        { type: 'setColorGrade', key: 'brightness', value: 110, gesture: 'slide-1' },
        { type: 'setColorGrade', key: 'brightness', value: 130, gesture: 'slide-1' },
      ],
      withOverlay(),
    );
    expect(store.past).toHaveLength(4);
    const undone = run([{ type: 'undo' }], store);
    expect(undone.present.colorGrading.brightness).toBe(100);
    expect(overlay(undone).position).toEqual({ x: 20, y: 20 });
  });

  it('folds different edits sent with one gesture, and undoes them together', () => {
    const store = run(
      [
        { type: 'styleOverlay', id: 'a', style: { fontSize: 60 }, gesture: 'g' },
        { type: 'setVisualEffect', effect: 'sepia', gesture: 'g' },
      ],
      withOverlay(),
    );
    expect(store.past).toHaveLength(2);
    const undone = run([{ type: 'undo' }], store);
    expect(undone.present.visualEffect).toBe('none');
    expect(overlay(undone).fontSize).toBe(48);
  });
});

describe('clamping every slider range (SPEC §5)', () => {
  it.each([
    [{ fontSize: 47 }, { fontSize: 48 }],
    [{ fontSize: 4 }, { fontSize: 12 }],
    [{ fontSize: 999 }, { fontSize: 120 }],
    [{ lineHeight: 1.26 }, { lineHeight: 1.3 }],
    [{ lineHeight: 0.2 }, { lineHeight: 1 }],
    [{ lineHeight: 7 }, { lineHeight: 2.5 }],
    [{ outline: { thickness: -2 } }, { outline: { color: '#000000', thickness: 0 } }],
    [{ outline: { thickness: 42 } }, { outline: { color: '#000000', thickness: 10 } }],
  ])('text style %o becomes %o', (style, expected) => {
    expect(overlay(run([{ type: 'styleOverlay', id: 'a', style }], withOverlay()))).toMatchObject(expected);
  });

  it.each(['brightness', 'contrast', 'saturation'] as const)('%s stays within 0–200 in whole steps and resets to 100', (key) => {
    const high = run([{ type: 'setColorGrade', key, value: 260 }]);
    expect(high.present.colorGrading[key]).toBe(200);
    expect(run([{ type: 'setColorGrade', key, value: -5 }]).present.colorGrading[key]).toBe(0);
    expect(run([{ type: 'setColorGrade', key, value: 120.4 }]).present.colorGrading[key]).toBe(120);
    expect(run([{ type: 'resetColorGrade', key }], high).present.colorGrading[key]).toBe(100);
  });

  it('keeps the volume within 0–1 in steps of 0.01, and mutes', () => {
    const sound = (store: EditorStore) => sequenceSound(store.present);
    expect(sound(run([{ type: 'setVolume', volume: 1.7 }])).volume).toBe(1);
    expect(sound(run([{ type: 'setVolume', volume: -1 }])).volume).toBe(0);
    expect(sound(run([{ type: 'setVolume', volume: 0.333 }])).volume).toBe(0.33);
    expect(sound(run([{ type: 'setMuted', muted: true }]))).toEqual({ volume: 1, muted: true });
  });

  it('keeps a shot’s cut within its clip with the end after the start, and resets it to the whole clip', () => {
    const id = run([]).present.shots[0]!.id;
    const cut = (edge: 'in' | 'out', time: number) => ({ type: 'trimShot', id, edge, time, clipSeconds: DURATION }) as const;
    const trimmed = run([cut('in', 1.5), cut('out', 6.25)]);
    expect(trim(trimmed)).toEqual({ start: 1.5, end: 6.25 });
    expect(canUndo(trimmed)).toBe(true);
    expect(trim(run([cut('in', -3)]))).toEqual({ start: 0, end: 8 });
    expect(trim(run([cut('out', 12)]))).toEqual({ start: 0, end: 8 });
    // An edge never passes the other: the shot keeps a tenth of a second.
    expect(trim(run([cut('in', 7)], trimmed))).toEqual({ start: 6.15, end: 6.25 });
    expect(trim(run([{ type: 'resetShotTrim', id, clipSeconds: DURATION }], trimmed))).toEqual({ start: 0, end: 8 });
  });

  it('produces states the server accepts', () => {
    const store = run(
      [
        { type: 'moveOverlay', id: 'a', position: { x: 300, y: -4 } },
        { type: 'styleOverlay', id: 'a', style: { fontSize: 1000, lineHeight: 9, outline: { thickness: 99 } } },
        { type: 'setColorGrade', key: 'contrast', value: 9999 },
        { type: 'setVolume', volume: 3 },
        { type: 'trimShot', id: withOverlay().present.shots[0]!.id, edge: 'in', time: 99, clipSeconds: DURATION },
      ],
      withOverlay(),
    );
    expect(editorStateSchema.safeParse(store.present).success).toBe(true);
  });
});
