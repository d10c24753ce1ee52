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
  onApply: () => void;
}

export function SuggestionCard({ suggestion, isPro, state, disabled, onApply }: SuggestionCardProps) {
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
      <Button
        type="button"
        variant={state === 'applied' ? 'ghost' : 'outline'}
        size="sm"
        className="justify-self-start"
        aria-describedby={titleId}
        disabled={disabled || state !== 'idle'}
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
    </li>
  );
}
