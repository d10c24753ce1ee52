import { useRef, useState } from 'react';
import type { EditorToolId } from '../components/panels/editor-tools';
import { useEditor } from '../store/editor-context';

/**
 * Which tool a phone shows in its sheet (decision 037). A previewed suggestion is kept or discarded in the AI
 * tools, so they stay open while one is shown, and closing them discards it (decision 036).
 */
export function useToolSheet() {
  const { store, dispatch } = useEditor();
  const [chosen, setChosen] = useState<EditorToolId | null>(null);
  const tabs = useRef(new Map<EditorToolId, HTMLButtonElement>());
  const open = store.preview ? 'ai' : chosen;

  const close = () => {
    if (store.preview) dispatch({ type: 'discardPreview' });
    setChosen(null);
    // The sheet's Close button goes with it: the focus goes back to the tool's tab.
    if (open) tabs.current.get(open)?.focus();
  };

  return {
    open,
    close,
    toggle: (tool: EditorToolId) => {
      if (tool === open) close();
      else setChosen(tool);
    },
    tabRef: (tool: EditorToolId) => (button: HTMLButtonElement | null) => {
      if (button) tabs.current.set(tool, button);
      else tabs.current.delete(tool);
    },
  };
}

export type ToolSheetState = ReturnType<typeof useToolSheet>;
