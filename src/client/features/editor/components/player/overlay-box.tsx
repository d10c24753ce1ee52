import type { TextOverlay } from '@shared/editor/editor-state';
import type { Box, Frame } from '@shared/editor/text/overlay-layout';
import { cn } from '@/lib/utils';
import { useOverlayDrag } from '../../hooks/use-overlay-drag';
import { overlayBoxStyle, overlayEditorStyle } from '../../lib/overlay-style';
import { useEditor } from '../../store/editor-context';
import { OverlayTextEditor } from './overlay-text-editor';

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
 * (or Enter) edits in place. It draws no text itself.
 */
export function OverlayBox({ overlay, box, frame, scale, visible }: OverlayBoxProps) {
  const { store, dispatch, editingId, setEditingId } = useEditor();
  const selected = store.selectedId === overlay.id;
  const editing = editingId === overlay.id;
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
          onDone={(text) => {
            if (text !== null) dispatch({ type: 'editOverlayText', id: overlay.id, text });
            setEditingId(null);
          }}
        />
      </div>
    );
  }

  return (
    <div
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
      )}
      onDoubleClick={() => {
        setEditingId(overlay.id);
      }}
      {...drag}
    />
  );
}
