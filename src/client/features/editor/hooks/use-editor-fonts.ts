import { useEffect, useSyncExternalStore } from 'react';
import { fontStatus, hasEmoji, loadEditorFonts, subscribeFontStatus, type FontStatus } from '../lib/font-faces';
import { useEditor } from '../store/editor-context';

/** Loads the faces the edit's overlays need (emoji only once one holds an emoji) and reports when all can be drawn. */
export function useEditorFonts(): FontStatus {
  const { shown } = useEditor();
  const emoji = shown.textOverlays.some((overlay) => hasEmoji(overlay.text));
  useEffect(() => {
    loadEditorFonts({ emoji });
  }, [emoji]);
  return useSyncExternalStore(subscribeFontStatus, fontStatus);
}
