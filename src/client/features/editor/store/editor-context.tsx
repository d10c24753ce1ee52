import { createContext, useCallback, useContext, useReducer, useState, type Dispatch, type ReactNode } from 'react';
import type { EditorState } from '@shared/editor/editor-state';
import type { TrimFocus } from '../lib/trim-target';
import { editorReducer, initEditorStore, type EditorAction, type EditorStore } from './editor-reducer';
import { shownState } from './suggestion-preview';

interface EditorContextValue {
  projectId: string;
  store: EditorStore;
  /** What the player, the frame and the timeline draw: the edit, or a suggestion previewed on it. Never saved or exported. */
  shown: EditorState;
  dispatch: Dispatch<EditorAction>;
  /** The edit cannot change now (the video is being extended): every action but selecting and discarding a preview is ignored. */
  readOnly: boolean;
  /** The edit waits, and its tools are disabled: the video is being extended, or a suggestion is previewed (decision 036). */
  held: boolean;
  /** The overlay whose text is being typed in place, if any. */
  editingId: string | null;
  /** The shot whose edge was last dragged on the lane, which the Trim & Cut panel shows until the playhead moves. */
  trimFocus: TrimFocus | null;
  setTrimFocus: (focus: TrimFocus | null) => void;
  setEditingId: (id: string | null) => void;
  /** Whether the frame shows where TikTok, Reels and Shorts draw their buttons and captions (never exported). */
  showSafeZones: boolean;
  setShowSafeZones: (show: boolean) => void;
}

const EditorContext = createContext<EditorContextValue | null>(null);

interface EditorProviderProps {
  projectId: string;
  editorState: EditorState | null;
  duration: number;
  /** The project's `placedShots`, read with `editorState`. */
  placedShots: number;
  /** The length of each of the project's ready clips, by media id: each shot is held to its own. */
  clipSeconds: Readonly<Record<string, number>>;
  readOnly?: boolean;
  children: ReactNode;
}

export function EditorProvider({ projectId, editorState, duration, placedShots, clipSeconds, readOnly = false, children }: EditorProviderProps) {
  const [store, apply] = useReducer(editorReducer, { projectId, editorState, duration, placedShots, clipSeconds }, initEditorStore);
  const [editingId, setEditing] = useState<string | null>(null);
  const [trimFocus, setTrimFocus] = useState<TrimFocus | null>(null);
  const [showSafeZones, setShowSafeZones] = useState(false);
  // One gate for every way of editing (panels, drags on the stage and timeline, typing in place, hotkeys, AI suggestions).
  const dispatch = useCallback(
    (action: EditorAction) => {
      if (!readOnly || action.type === 'select' || action.type === 'discardPreview') apply(action);
    },
    [readOnly],
  );
  // While a suggestion is previewed the reducer holds every edit; typing in place would be lost, so it does not start.
  const held = readOnly || store.preview !== null;
  const setEditingId = useCallback(
    (id: string | null) => {
      if (!held || id === null) setEditing(id);
    },
    [held],
  );
  const shown = shownState(store);
  return (
    <EditorContext value={{ projectId, store, shown, dispatch, readOnly, held, editingId, setEditingId, trimFocus, setTrimFocus, showSafeZones, setShowSafeZones }}>{children}</EditorContext>
  );
}

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor is used outside <EditorProvider>');
  return value;
}
