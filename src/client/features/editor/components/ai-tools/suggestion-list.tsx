import { useState } from 'react';
import type { Suggestion } from '@shared/schemas/ai';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useAutoApplySuggestion } from '../../api/auto-apply';
import { useEditor } from '../../store/editor-context';
import { SuggestionCard } from './suggestion-card';

interface SuggestionListProps {
  projectId: string;
  suggestions: Suggestion[];
  isPro: boolean;
}

/** The suggestions as cards; applying one puts the server's edit into the editor as one undoable step. */
export function SuggestionList({ projectId, suggestions, isPro }: SuggestionListProps) {
  const { store, dispatch } = useEditor();
  const [applied, setApplied] = useState<ReadonlySet<Suggestion>>(new Set());

  const autoApply = useAutoApplySuggestion({
    onSuccess: ({ editorState, creditsUsed }, { suggestion, currentEditorState }) => {
      dispatch({ type: 'replaceState', label: 'Apply suggestion', base: currentEditorState, state: editorState });
      setApplied((done) => new Set(done).add(suggestion));
      toast({
        title: 'Suggestion Applied',
        description: creditsUsed > 0 ? `“${suggestion.title}” · ${String(creditsUsed)} credits used.` : `“${suggestion.title}” · free for Pro.`,
      });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Failed to apply', description: errorMessage(error, 'Failed to apply suggestion') });
    },
  });
  const applying = autoApply.isPending ? autoApply.variables.suggestion : null;

  return (
    <ul aria-label="AI suggestions" className="grid gap-2">
      {suggestions.map((suggestion, index) => (
        <SuggestionCard
          // The list is replaced whole by the next request, so the index identifies a card for its lifetime.
          key={index}
          suggestion={suggestion}
          isPro={isPro}
          state={applying === suggestion ? 'applying' : applied.has(suggestion) ? 'applied' : 'idle'}
          disabled={applying !== null}
          onApply={() => {
            autoApply.mutate({ projectId, suggestion, currentEditorState: store.present });
          }}
        />
      ))}
    </ul>
  );
}
