import { Check, Palette, Scissors, Sparkles, Type, Volume2, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { SUGGESTION_COST, type Suggestion } from '@shared/schemas/ai';
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
  isPro: boolean;
  state: 'idle' | 'applying' | 'applied';
  /** Another suggestion is being applied: one at a time (SPEC §4). */
  disabled: boolean;
  /** Why it cannot be applied now, and the id of the text that says so. */
  blocked?: { reason: string; reasonId: string };
  onApply: () => void;
}

export function SuggestionCard({ suggestion, isPro, state, disabled, blocked, onApply }: SuggestionCardProps) {
  const titleId = useId();
  const type = TYPES[suggestion.type];
  const Icon = type.icon;

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
      {/* A disabled button gets no pointer events, so the reason sits on a wrapper the pointer can reach. */}
      <span title={state === 'idle' ? blocked?.reason : undefined} className="inline-flex justify-self-start">
        <Button
          type="button"
          variant={state === 'applied' ? 'ghost' : 'outline'}
          size="sm"
          aria-describedby={blocked && state === 'idle' ? `${titleId} ${blocked.reasonId}` : titleId}
          disabled={disabled || state !== 'idle' || blocked !== undefined}
          onClick={onApply}
        >
          {state === 'applying' && (
            <>
              <Spinner />
              Applying...
            </>
          )}
          {state === 'applied' && (
            <>
              <Check aria-hidden className="text-emerald-400" />
              Applied
            </>
          )}
          {state === 'idle' && (isPro ? 'Apply (free)' : `Apply (${String(SUGGESTION_COST)} credits)`)}
        </Button>
      </span>
    </li>
  );
}
