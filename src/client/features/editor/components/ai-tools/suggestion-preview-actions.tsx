import { Eye } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface SuggestionPreviewActionsProps {
  /** What keeping it costs now, as the server said (0 on Pro, or when the saved edit has it already). */
  credits: number;
  /** The id of the suggestion's title, which the buttons are about. */
  titleId: string;
  keeping: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}

/**
 * Keep or Discard for a suggestion the player shows (decision 036). Keep takes the focus when they appear,
 * Escape discards; while Keep is on its way both stay focusable but do nothing, so the focus is not lost.
 */
export function SuggestionPreviewActions({ credits, titleId, keeping, onKeep, onDiscard }: SuggestionPreviewActionsProps) {
  const noteId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || keeping) return;
    event.preventDefault();
    onDiscard();
  };
  return (
    <div role="group" aria-labelledby={titleId} className="grid gap-2" onKeyDown={onKeyDown}>
      <p id={noteId} role="status" className="flex items-start gap-1.5 text-xs text-muted-foreground">
        <Eye aria-hidden className="mt-px size-3.5 shrink-0 text-primary" />
        {credits > 0 ? 'Shown in the player. Nothing is charged unless you keep it.' : 'Shown in the player. Keeping it is free.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="brand"
          size="sm"
          // The focus moves here from the Preview button, which this replaces.
          autoFocus
          aria-describedby={`${titleId} ${noteId}`}
          aria-disabled={keeping || undefined}
          onClick={() => {
            if (!keeping) onKeep();
          }}
        >
          {keeping ? (
            <>
              <Spinner />
              Keeping…
            </>
          ) : credits > 0 ? (
            `Keep (${String(credits)} credits)`
          ) : (
            'Keep (free)'
          )}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-describedby={titleId}
          aria-disabled={keeping || undefined}
          onClick={() => {
            if (!keeping) onDiscard();
          }}
        >
          Discard
        </Button>
      </div>
    </div>
  );
}
