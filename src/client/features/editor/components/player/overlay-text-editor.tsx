import { useRef, useState } from 'react';
import { MAX_OVERLAY_LINES, MAX_OVERLAY_TEXT } from '@shared/editor/editor-constants';
import { fitOverlayText, overlayLines } from '@shared/editor/editor-state';

interface OverlayTextEditorProps {
  text: string;
  /**
   * The text to keep, or null to keep the old one (left empty, or nothing changed); and whether editing was
   * left from the keyboard (Escape, Ctrl/Cmd+Enter) rather than by moving the focus elsewhere.
   */
  onDone: (text: string | null, byKey: boolean) => void;
}

/**
 * The draft after a change, inside the overlay's limits: a line break past the last allowed line is
 * refused (the lines below it would be lost); a paste that runs over keeps its first lines.
 */
function nextDraft(draft: string, value: string): string {
  if (overlayLines(value).length <= MAX_OVERLAY_LINES) return value;
  return overlayLines(draft).length >= MAX_OVERLAY_LINES ? draft : fitOverlayText(value);
}

/**
 * Edits an overlay's text where it stands, in the overlay's own font and size. A hidden copy of the
 * text sizes the box, so the textarea grows line by line and wraps where that copy wraps.
 */
export function OverlayTextEditor({ text, onDone }: OverlayTextEditorProps) {
  const [draft, setDraft] = useState(text);
  const finished = useRef(false);
  const leftByKey = useRef(false);

  const finish = () => {
    if (finished.current) return;
    finished.current = true;
    // A line break typed last would add an empty line the box does not show.
    const kept = draft.replace(/\n+$/, '');
    onDone(kept.trim() === '' || kept === text ? null : kept, leftByKey.current);
  };

  return (
    <div className="grid">
      <span aria-hidden className="invisible [grid-area:1/1]">
        {`${draft} `}
      </span>
      <textarea
        aria-label="Overlay text"
        value={draft}
        autoFocus
        rows={1}
        maxLength={MAX_OVERLAY_TEXT}
        wrap="soft"
        spellCheck={false}
        onFocus={(event) => {
          event.currentTarget.select();
        }}
        onChange={(event) => {
          setDraft(nextDraft(draft, event.target.value));
        }}
        onBlur={finish}
        onKeyDown={(event) => {
          if (event.key === 'Escape' || (event.key === 'Enter' && (event.metaKey || event.ctrlKey))) {
            event.preventDefault();
            leftByKey.current = true;
            event.currentTarget.blur();
          }
        }}
        onPointerDown={(event) => {
          event.stopPropagation();
        }}
        className="resize-none overflow-hidden border-0 bg-transparent p-0 caret-white outline-none [grid-area:1/1] [font:inherit] [letter-spacing:inherit] [line-height:inherit] [paint-order:inherit] [text-align:inherit] [white-space:inherit] [-webkit-text-stroke:inherit] [color:inherit]"
      />
    </div>
  );
}
