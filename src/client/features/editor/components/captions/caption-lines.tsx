import { Star } from 'lucide-react';
import type { CaptionLine } from '@shared/captions/caption-track';
import { Button } from '@/components/ui/button';
import { formatTime } from '../../lib/format-time';
import { newId } from '../../lib/ids';
import { useEditor } from '../../store/editor-context';

/**
 * The captions' words, line by line, to correct: each word's text (committed when the field is left), its
 * emphasis, and where a line splits or joins the next.
 */
export function CaptionLines({ lines }: { lines: readonly CaptionLine[] }) {
  const { dispatch } = useEditor();
  return (
    <ol aria-label="Caption lines" className="grid max-h-80 gap-2 overflow-y-auto pr-1">
      {lines.map((line, lineIndex) => (
        <li key={line.id} className="grid gap-1.5 rounded-md border border-white/10 p-2">
          <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <span>
              Line {lineIndex + 1} · {formatTime(line.words[0]?.start ?? 0)}
            </span>
            {lineIndex < lines.length - 1 && (
              <Button type="button" variant="ghost" size="sm" className="h-6 px-2 text-xs" onClick={() => dispatch({ type: 'mergeCaptionLines', lineId: line.id })}>
                Join with next
              </Button>
            )}
          </div>
          <div className="flex flex-wrap gap-1">
            {line.words.map((word, index) => (
              <span key={`${line.id}-${String(index)}`} className="flex items-center">
                <input
                  aria-label={`Line ${String(lineIndex + 1)}, word ${String(index + 1)}`}
                  defaultValue={word.text}
                  key={word.text}
                  onBlur={(event) => dispatch({ type: 'editCaptionWord', lineId: line.id, index, text: event.target.value })}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') event.currentTarget.blur();
                  }}
                  size={Math.max(2, word.text.length)}
                  className="rounded-l border border-input bg-input/30 px-1.5 py-0.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
                />
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  className="size-7 rounded-l-none border-l-0"
                  aria-pressed={word.emphasis}
                  aria-label={`Emphasise ${word.text}`}
                  title="Emphasise"
                  onClick={() => dispatch({ type: 'toggleCaptionEmphasis', lineId: line.id, index })}
                >
                  <Star className={word.emphasis ? 'fill-current' : undefined} aria-hidden />
                </Button>
                {index > 0 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="ml-0.5 h-7 px-1 text-xs text-muted-foreground"
                    title="Start a new line here"
                    aria-label={`New line before ${word.text}`}
                    onClick={() => dispatch({ type: 'splitCaptionLine', lineId: line.id, index, newId: newId() })}
                  >
                    ↵
                  </Button>
                )}
              </span>
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}
