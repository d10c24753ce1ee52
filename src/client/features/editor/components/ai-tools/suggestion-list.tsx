import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import type { Suggestion } from '@shared/schemas/ai';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useAutoApplySuggestion } from '../../api/auto-apply';
import { useEditor } from '../../store/editor-context';
import { SuggestionCard } from './suggestion-card';

interface SuggestionListProps {
  projectId: string;
  suggestions: Suggestion[];
  isPro: boolean;
  /** Why no suggestion can be applied now (a free user short of credits), shown once and on every Apply button. */
  blockedReason?: string;
}

/** The suggestions as cards; applying one puts the server's edit into the editor as one undoable step. */
export function SuggestionList({ projectId, suggestions, isPro, blockedReason }: SuggestionListProps) {
  const { store, dispatch } = useEditor();
  const reasonId = useId();
  const [applied, setApplied] = useState<ReadonlySet<Suggestion>>(new Set());

  const autoApply = useAutoApplySuggestion({
    onSuccess: ({ editorState, creditsUsed }, { suggestion, currentEditorState }) => {
      dispatch({ type: 'replaceState', label: 'Apply suggestion', base: currentEditorState, state: editorState });
      setApplied((done) => new Set(done).add(suggestion));
      toast({
        title: 'Suggestion Applied',
        description:
          creditsUsed > 0
            ? `“${suggestion.title}” · ${String(creditsUsed)} credits used.`
            : isPro
              ? `“${suggestion.title}” · free for Pro.`
              : `“${suggestion.title}” · already in your edit, no credits used.`,
      });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to apply', description: errorMessage(error, 'Failed to apply suggestion') });
    },
  });
  const applying = autoApply.isPending ? autoApply.variables.suggestion : null;

  return (
    <div className="grid gap-2">
      {blockedReason && (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden />
          <AlertDescription id={reasonId}>{blockedReason}</AlertDescription>
        </Alert>
      )}
      <ul aria-label="AI suggestions" className="grid gap-2">
        {suggestions.map((suggestion, index) => (
          <SuggestionCard
            // The list is replaced whole by the next request, so the index identifies a card for its lifetime.
            key={index}
            suggestion={suggestion}
            isPro={isPro}
            state={applying === suggestion ? 'applying' : applied.has(suggestion) ? 'applied' : 'idle'}
            disabled={applying !== null}
            blocked={blockedReason ? { reason: blockedReason, reasonId } : undefined}
            onApply={() => {
              autoApply.mutate({ projectId, suggestion, currentEditorState: store.present });
            }}
          />
        ))}
      </ul>
    </div>
  );
}
