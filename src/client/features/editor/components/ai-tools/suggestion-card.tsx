import { Check, Palette, Scissors, Sparkles, Type, Volume2, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { Suggestion } from '@shared/schemas/ai';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

const TYPES: Record<Suggestion['type'], { label: string; icon: LucideIcon }> = {
  'text-overlay': { label: 'Text overlay', icon: Type },
  effect: { label: 'Effect', icon: Sparkles },
  trim: { label: 'Trim', icon: Scissors },
  grade: { label: 'Color grade', icon: Palette },
  audio: { label: 'Audio', icon: Volume2 },
};

interface SuggestionCardProps {
  suggestion: Suggestion;
  /** `shown`: the player shows it, and `previewActions` take the button's place. */
  state: 'idle' | 'previewing' | 'shown' | 'applied';
  /** Another suggestion is being previewed or kept: one at a time (SPEC §4). */
  disabled: boolean;
  /** Why it cannot be applied now, and the id of the text that says so. */
  blocked?: { reason: string; reasonId: string };
  /** The button takes the focus when it appears: a preview of this card just ended. */
  focusButton: boolean;
  onPreview: () => void;
  previewActions: (titleId: string) => ReactNode;
}

export function SuggestionCard({ suggestion, state, disabled, blocked, focusButton, onPreview, previewActions }: SuggestionCardProps) {
  const titleId = useId();
  const type = TYPES[suggestion.type];
  const Icon = type.icon;
  const applied = state === 'applied';

  return (
    <li className="grid gap-2 rounded-lg border border-white/10 bg-white/[0.03] p-3">
      <Badge variant="secondary">
        <Icon aria-hidden />
        {type.label}
      </Badge>
      <h3 id={titleId} className="text-sm leading-snug font-semibold">
        {suggestion.title}
      </h3>
      <p className="text-xs leading-relaxed text-muted-foreground">{suggestion.description}</p>
      {suggestion.example && (
        <p className="rounded-md bg-black/30 px-2.5 py-1.5 text-xs break-words">
          <span className="text-muted-foreground">Example: </span>
          {suggestion.example}
        </p>
      )}
      {state === 'shown' ? (
        previewActions(titleId)
      ) : (
        // A disabled button gets no pointer events, so the reason sits on a wrapper the pointer can reach.
        <span title={state === 'idle' ? blocked?.reason : undefined} className="inline-flex justify-self-start">
          <Button
            type="button"
            variant={applied ? 'ghost' : 'outline'}
            size="sm"
            autoFocus={focusButton}
            aria-describedby={blocked && state === 'idle' ? `${titleId} ${blocked.reasonId}` : titleId}
            // Previewing or applied, it does nothing but keeps the focus (the preview's buttons and a kept one give it back here).
            aria-disabled={state === 'previewing' || applied || undefined}
            className={applied ? 'cursor-default opacity-50 hover:bg-transparent' : undefined}
            disabled={disabled || (state === 'idle' && blocked !== undefined)}
            onClick={() => {
              if (state === 'idle') onPreview();
            }}
          >
            {state === 'previewing' && (
              <>
                <Spinner />
                Previewing…
              </>
            )}
            {applied && (
              <>
                <Check aria-hidden className="text-emerald-400" />
                Applied
              </>
            )}
            {state === 'idle' && 'Preview'}
          </Button>
        </span>
      )}
    </li>
  );
}
