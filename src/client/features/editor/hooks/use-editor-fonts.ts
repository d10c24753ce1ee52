import { useEffect, useSyncExternalStore } from 'react';
import { fontStatus, loadEditorFonts, subscribeFontStatus, type FontStatus } from '../lib/font-faces';

/** Starts loading the editor's eight faces and reports when all of them can be drawn. */
export function useEditorFonts(): FontStatus {
  useEffect(() => {
    loadEditorFonts();
  }, []);
  return useSyncExternalStore(subscribeFontStatus, fontStatus);
}
