import { useEffect, useEffectEvent } from 'react';

interface HotkeyHandlers {
  togglePlay: () => void;
  step: (frames: number) => void;
  /** Cuts the shot under the playhead in two there. */
  split: () => void;
  undo: () => void;
  redo: () => void;
  /** Both return false when no overlay is selected, so the key keeps its usual meaning. */
  removeSelected: () => boolean;
  editSelected: () => boolean;
  deselect: () => boolean;
}

const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
/** Controls that Space activates or arrows move within: there the keys keep their own meaning. */
const SPACE_OWNERS =
  'button, a[href], summary, [role="button"], [role="checkbox"], [role="switch"], [role="radio"], [role="tab"], [role="option"], [role="menuitem"], [role="combobox"]';
const ARROW_OWNERS = '[role="slider"], [role="radio"], [role="tab"], [role="option"], [role="menuitem"], [role="combobox"]';
/** Elements marked as the editing surface (the frame, an overlay) take the editor's keys even so. */
const SURFACE = '[data-editor-surface]';
const POPUPS = '[role="dialog"], [role="alertdialog"], [role="listbox"], [role="menu"]';

/**
 * The editor's keyboard: Space plays, arrows step a frame, S splits the shot at the playhead, Delete removes the selected overlay,
 * Enter edits it, Escape deselects, and Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z or Ctrl+Y undo and redo.
 * Nothing fires while the user is typing or inside a dialog; on a focused overlay the arrows move it
 * (OverlayBox takes them first).
 */
export function useEditorHotkeys(handlers: HotkeyHandlers): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(TYPING) || target?.closest(POPUPS)) return;
    if (handled(event, target, handlers)) event.preventDefault();
  });

  useEffect(() => {
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}

function handled(event: KeyboardEvent, target: Element | null, handlers: HotkeyHandlers): boolean {
  const key = event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) {
    if (event.altKey) return false;
    if (key === 'z') {
      if (event.shiftKey) handlers.redo();
      else handlers.undo();
      return true;
    }
    if (key === 'y' && event.ctrlKey) {
      handlers.redo();
      return true;
    }
    return false;
  }
  if (event.altKey) return false;
  const onSurface = !target || target === document.body || target.closest(SURFACE) !== null;
  const owns = (selector: string) => !onSurface && target?.closest(selector) != null;
  switch (event.key) {
    case ' ':
      if (owns(SPACE_OWNERS)) return false;
      handlers.togglePlay();
      return true;
    case 'ArrowLeft':
    case 'ArrowRight':
      if (owns(ARROW_OWNERS)) return false;
      handlers.step(event.key === 'ArrowLeft' ? -1 : 1);
      return true;
    case 'Delete':
    case 'Backspace':
      return handlers.removeSelected();
    case 'Enter':
      return onSurface && handlers.editSelected();
    case 'Escape':
      return onSurface && handlers.deselect();
    case 's':
    case 'S':
      if (event.shiftKey) return false;
      handlers.split();
      return true;
    default:
      return false;
  }
}
