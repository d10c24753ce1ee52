import { MAX_OVERLAYS } from '@shared/editor/editor-constants';
import { defaultEditorState, type EditorState, type TextOverlay } from '@shared/editor/editor-state';
import { holdShotsToClips, type PlacedShot } from '@shared/editor/shot-edits';
import { addOverlayCommand, mergeCommands, removeOverlayCommand, type EditorCommand } from './editor-commands';
import { commandFor, type EditAction } from './edit-actions';
import { placeShotsCommand } from './placed-shots';
import { rebaseChange, replaceStateCommand } from './replace-state';
import type { SuggestionPreview } from './suggestion-preview';

interface HistoryEntry {
  command: EditorCommand;
  /** Edits sent with the same gesture id (one drag, one slider slide) are one undo step. */
  gesture?: string;
}

export interface EditorStore {
  present: EditorState;
  past: HistoryEntry[];
  future: HistoryEntry[];
  /** The selection is not an edit: it is neither saved nor undone. */
  selectedId: string | null;
  /** The length of the project's own clip. */
  duration: number;
  /** The length of each clip the shots cut, by media id, as the editor opened: each shot is held to its own. */
  clipSeconds: Readonly<Record<string, number>>;
  /** A suggestion shown but not kept: while there is one, the edit waits (suggestion-preview.ts). */
  preview: SuggestionPreview | null;
  /** How many of the shots the server placed in the saved edit this one has taken in (placed-shots.ts); saves send it. */
  placedShotsSeen: number;
}

export type EditorAction =
  | EditAction
  | { type: 'addOverlay'; overlay: TextOverlay }
  | { type: 'removeOverlay'; id: string }
  | { type: 'select'; id: string | null }
  /** Shows a suggestion applied to `preview.base`, on top of the edits made since; one at a time. */
  | { type: 'previewSuggestion'; preview: SuggestionPreview }
  | { type: 'discardPreview' }
  /**
   * A change computed elsewhere from `base` (an applied AI suggestion) becomes the present; edits made since
   * `base` are kept. It ends a preview: what was kept replaces what was shown.
   */
  | { type: 'replaceState'; label: string; base: EditorState; state: EditorState }
  /** Shots the server appended to the saved edit (up to its `seen`th placement) join this one, where it put them. */
  | { type: 'placeShots'; shots: PlacedShot[]; seen: number }
  | { type: 'undo' }
  | { type: 'redo' };

const HISTORY_LIMIT = 200;
/** What a preview lets through: everything else would edit under a change that is shown but not made. */
const WHILE_PREVIEWING = new Set<EditorAction['type']>(['select', 'discardPreview', 'replaceState']);

interface EditorStoreInit {
  projectId: string;
  editorState: EditorState | null;
  duration: number;
  /** The project's `placedShots` read with `editorState`: every shot placed up to there is in it (or was removed). */
  placedShots?: number;
  /** The lengths of the project's other clips, by media id (the project's own is `duration` long). */
  clipSeconds?: Readonly<Record<string, number>>;
}

/** The store for a project: its saved edit, or the untouched clip when it was never edited. */
export function initEditorStore({ projectId, editorState, duration, placedShots = 0, clipSeconds = {} }: EditorStoreInit): EditorStore {
  const clips = { ...clipSeconds, [projectId]: duration };
  const present = editorState ? withShotsInClips(editorState, clips) : defaultEditorState(projectId, duration);
  return { present, past: [], future: [], selectedId: null, duration, clipSeconds: clips, preview: null, placedShotsSeen: placedShots };
}

export function editorReducer(store: EditorStore, action: EditorAction): EditorStore {
  if (store.preview && !WHILE_PREVIEWING.has(action.type)) return store;
  switch (action.type) {
    case 'select':
      return store.selectedId === action.id ? store : { ...store, selectedId: action.id };
    case 'undo':
      return undo(store);
    case 'redo':
      return redo(store);
    case 'addOverlay':
      if (store.present.textOverlays.length >= MAX_OVERLAYS) return store;
      if (store.present.textOverlays.some((overlay) => overlay.id === action.overlay.id)) return store;
      return { ...apply(store, addOverlayCommand(action.overlay)), selectedId: action.overlay.id };
    case 'previewSuggestion':
      return { ...store, preview: { ...action.preview, state: rebased(store, action.preview.base, action.preview.state) } };
    case 'discardPreview':
      return store.preview ? { ...store, preview: null } : store;
    case 'replaceState': {
      const next = rebased(store, action.base, action.state);
      return keepSelection(apply({ ...store, preview: null }, replaceStateCommand(action.label, store.present, next)));
    }
    case 'placeShots':
      if (action.seen <= store.placedShotsSeen) return store;
      return { ...apply(store, placeShotsCommand(store.present, action.shots)), placedShotsSeen: action.seen };
    case 'removeOverlay': {
      const next = apply(store, removeOverlayCommand(store.present, action.id));
      return next.selectedId === action.id ? { ...next, selectedId: null } : next;
    }
    default:
      return apply(store, commandFor(action, store.present), action.gesture);
  }
}

export function canUndo(store: EditorStore): boolean {
  return !store.preview && store.past.length > 0;
}

export function canRedo(store: EditorStore): boolean {
  return !store.preview && store.future.length > 0;
}

/** `state`, a change made elsewhere from `base`, on top of the edits made here since, with each shot inside its clip. */
function rebased(store: EditorStore, base: EditorState, state: EditorState): EditorState {
  return withShotsInClips(rebaseChange(base, state, store.present), store.clipSeconds);
}

function withShotsInClips(state: EditorState, clipSeconds: Readonly<Record<string, number>>): EditorState {
  return { ...state, shots: holdShotsToClips(state.shots, clipSeconds) };
}

function apply(store: EditorStore, command: EditorCommand | null, gesture?: string): EditorStore {
  if (!command) return store;
  const present = command.execute(store.present);
  const last = store.past.at(-1);
  if (gesture !== undefined && last?.gesture === gesture) {
    const merged = { command: mergeCommands(last.command, command), gesture };
    return { ...store, present, past: [...store.past.slice(0, -1), merged], future: [] };
  }
  const past = [...store.past, { command, gesture }].slice(-HISTORY_LIMIT);
  return { ...store, present, past, future: [] };
}

function undo(store: EditorStore): EditorStore {
  const entry = store.past.at(-1);
  if (!entry) return store;
  const present = entry.command.undo(store.present);
  // The entry loses its gesture so a slide still in progress starts a new step rather than folding into a redo.
  return keepSelection({ ...store, present, past: store.past.slice(0, -1), future: [...store.future, { command: entry.command }] });
}

function redo(store: EditorStore): EditorStore {
  const entry = store.future.at(-1);
  if (!entry) return store;
  const present = entry.command.execute(store.present);
  return keepSelection({ ...store, present, past: [...store.past, entry], future: store.future.slice(0, -1) });
}

function keepSelection(store: EditorStore): EditorStore {
  const stillThere = store.present.textOverlays.some((overlay) => overlay.id === store.selectedId);
  return stillThere ? store : { ...store, selectedId: null };
}
