import { type KeyboardEvent, useEffect, useLayoutEffect, useRef } from 'react';
import type { TextOverlay } from '@shared/editor/editor-state';
import type { Box, Frame } from '@shared/editor/text/overlay-layout';
import { cn } from '@/lib/utils';
import { boxHalfSize, useOverlayDrag } from '../../hooks/use-overlay-drag';
import { overlayNudge } from '../../lib/overlay-nudge';
import { overlayBoxStyle, overlayEditorStyle } from '../../lib/overlay-style';
import { useEditor } from '../../store/editor-context';
import { OverlayTextEditor } from './overlay-text-editor';

/**
 * The overlay whose box takes the focus when it is drawn: its text was just left from the keyboard, or it was
 * removed while focused. Kept outside the box: while the fonts for a new text load (an emoji) no box is drawn,
 * and it comes back as a new one.
 */
let focusWhenShown: string | null = null;

interface OverlayBoxProps {
  overlay: TextOverlay;
  /** Where the text is laid out, on `frame` (the canvas's pixels). */
  box: Box;
  frame: Frame;
  /** Screen px per reference px, for the in-place editor's text. */
  scale: number;
  /** Shown at the playhead; a selected overlay outside its time keeps a dashed box so it can be found. */
  visible: boolean;
}

/**
 * One text overlay's hit box over the canvas that draws it: click selects, drag moves, double-click
 * (or Enter) edits in place, and focused, the arrow keys move it (Shift: further). Editing left with Escape
 * or Ctrl/Cmd+Enter gives the focus back to the box. It draws no text itself.
 */
export function OverlayBox({ overlay, box, frame, scale, visible }: OverlayBoxProps) {
  const { store, dispatch, editingId, setEditingId } = useEditor();
  const selected = store.selectedId === overlay.id;
  const editing = editingId === overlay.id;
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editing || focusWhenShown !== overlay.id) return;
    focusWhenShown = null;
    // Unless the user has put the focus somewhere since.
    if (document.activeElement === document.body || document.activeElement === null) boxRef.current?.focus();
  }, [editing, overlay.id]);
  useLayoutEffect(
    () => () => {
      // Removed while it has the focus (not drawn while its text's fonts load): it takes it back when drawn again.
      if (boxRef.current !== null && boxRef.current === document.activeElement) focusWhenShown = overlay.id;
    },
    [overlay.id],
  );
  const drag = useOverlayDrag({
    overlay,
    onSelect: () => {
      dispatch({ type: 'select', id: overlay.id });
    },
    onMove: (position, gesture, halfSize) => {
      dispatch({ type: 'moveOverlay', id: overlay.id, position, gesture, halfSize });
    },
  });

  if (editing) {
    return (
      <div style={overlayEditorStyle(overlay, box, frame, scale)} className="z-10 outline-2 outline-offset-4 outline-primary">
        <OverlayTextEditor
          text={overlay.text}
          onDone={(text, byKey) => {
            if (text !== null) dispatch({ type: 'editOverlayText', id: overlay.id, text });
            focusWhenShown = byKey ? overlay.id : null;
            setEditingId(null);
          }}
        />
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const nudge = overlayNudge(event.key, event);
    if (!nudge) return;
    // Here the arrows move the text; the editor's own keys (a frame per arrow) do not see them.
    event.preventDefault();
    const halfSize = boxHalfSize(event.currentTarget);
    dispatch({ type: 'select', id: overlay.id });
    dispatch({ type: 'moveOverlay', id: overlay.id, position: { x: overlay.position.x + nudge.dx, y: overlay.position.y + nudge.dy }, halfSize });
  };

  return (
    <div
      ref={boxRef}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={`Text overlay: ${overlay.text}`}
      data-editor-surface=""
      data-overlay-id={overlay.id}
      style={overlayBoxStyle(box, frame)}
      className={cn(
        'cursor-move touch-none select-none outline-offset-4 focus-visible:outline-2 focus-visible:outline-ring',
        selected && 'outline-2 outline-primary',
        selected && !visible && 'outline-dashed',
        !selected && 'hover:outline-1 hover:outline-white/60 hover:outline-dashed',
        // However small the text is on a phone's frame, a finger gets 44 px around its centre (decision 037).
        'pointer-coarse:before:absolute pointer-coarse:before:top-1/2 pointer-coarse:before:left-1/2 pointer-coarse:before:size-11 pointer-coarse:before:-translate-1/2',
      )}
      onDoubleClick={() => {
        setEditingId(overlay.id);
      }}
      onKeyDown={onKeyDown}
      {...drag}
    />
  );
}
