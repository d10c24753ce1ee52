import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { EditorState } from '@shared/editor/editor-state';
import { saveEditorState, saveEditorStateOnLeave, type EditorSave } from '../api/save-editor-state';
import { createAutosaver } from '../lib/autosaver';

const SAVE_DELAY_MS = 800;
const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000];

/**
 * Saves the editor state shortly after each change, and once more on the way out (another route,
 * or the tab closing or going to the background) if the server may not have the latest yet. Each save says how
 * many of the shots the server placed the state has taken in (`placedShotsSeen`), so one placed since is kept.
 */
export function useAutosave(projectId: string, editorState: EditorState, placedShotsSeen: number) {
  const queryClient = useQueryClient();
  const state = useMemo((): EditorSave => ({ editorState, placedShotsSeen }), [editorState, placedShotsSeen]);
  const [saver] = useState(() =>
    createAutosaver<EditorSave>({
      save: (value) => saveEditorState(queryClient, projectId, value.editorState, value.placedShotsSeen),
      saveOnLeave: (value) => {
        saveEditorStateOnLeave(queryClient, projectId, value);
      },
      delayMs: SAVE_DELAY_MS,
      retryDelaysMs: RETRY_DELAYS_MS,
    }),
  );
  const [loaded] = useState(state);
  const status = useSyncExternalStore(saver.subscribe, saver.getStatus);

  useEffect(() => {
    if (state !== loaded) saver.change(state);
  }, [saver, state, loaded]);

  useEffect(() => {
    const onPageHide = () => {
      saver.flush();
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') saver.flush();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      saver.flush();
    };
  }, [saver]);

  return { status, retry: saver.retryNow };
}
