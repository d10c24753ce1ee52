import { createContext, useContext, useReducer, useState, type Dispatch, type ReactNode } from 'react';
import type { EditorState } from '@shared/editor/editor-state';
import { editorReducer, initEditorStore, type EditorAction, type EditorStore } from './editor-reducer';

interface EditorContextValue {
  store: EditorStore;
  dispatch: Dispatch<EditorAction>;
  /** The overlay whose text is being typed in place, if any. */
  editingId: string | null;
  setEditingId: (id: string | null) => void;
  /** Whether the frame shows where TikTok, Reels and Shorts draw their buttons and captions (never exported). */
  showSafeZones: boolean;
  setShowSafeZones: (show: boolean) => void;
}

const EditorContext = createContext<EditorContextValue | null>(null);

interface EditorProviderProps {
  editorState: EditorState | null;
  duration: number;
  children: ReactNode;
}

export function EditorProvider({ editorState, duration, children }: EditorProviderProps) {
  const [store, dispatch] = useReducer(editorReducer, { editorState, duration }, initEditorStore);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [showSafeZones, setShowSafeZones] = useState(false);
  return <EditorContext value={{ store, dispatch, editingId, setEditingId, showSafeZones, setShowSafeZones }}>{children}</EditorContext>;
}

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor is used outside <EditorProvider>');
  return value;
}
