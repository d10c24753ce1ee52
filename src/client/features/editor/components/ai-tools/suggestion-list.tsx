import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Suggestion } from '@shared/schemas/ai';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useAutoApplySuggestion } from '../../api/auto-apply';
import { usePreviewAutoApply } from '../../api/preview-auto-apply';
import { useEditor } from '../../store/editor-context';
import { SuggestionCard } from './suggestion-card';
import { SuggestionPreviewActions } from './suggestion-preview-actions';

interface SuggestionListProps {
  projectId: string;
  suggestions: Suggestion[];
  isPro: boolean;
  /** Why no suggestion can be applied now (a free user short of credits), shown once and on every Preview button. */
  blockedReason?: string;
}

const failedToApply = (error: unknown) => {
  toast({ variant: 'destructive', title: 'Failed to apply', description: errorMessage(error, 'Failed to apply suggestion') });
};

/**
 * The suggestions as cards. Preview shows one in the player without charging (decision 036); Keep applies it by
 * auto-apply, which charges, and puts the server's edit into the editor as one undoable step; Discard drops it.
 */
export function SuggestionList({ projectId, suggestions, isPro, blockedReason }: SuggestionListProps) {
  const { store, dispatch } = useEditor();
  const reasonId = useId();
  const [applied, setApplied] = useState<ReadonlySet<Suggestion>>(new Set());
  const [focusAfterPreview, setFocusAfterPreview] = useState<Suggestion | null>(null);

  const preview = usePreviewAutoApply({ onError: failedToApply });
  const keep = useAutoApplySuggestion({
    onSuccess: ({ editorState, creditsUsed }, { suggestion, currentEditorState }) => {
      dispatch({ type: 'replaceState', label: 'Apply suggestion', base: currentEditorState, state: editorState });
      setApplied((done) => new Set(done).add(suggestion));
      setFocusAfterPreview(suggestion);
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
    onError: failedToApply,
  });

  // A preview lives as long as the list that offers Keep and Discard for it (a new list, the AI tools closed).
  useEffect(() => () => dispatch({ type: 'discardPreview' }), [dispatch]);

  const shown = store.preview;
  const previewing = preview.isPending ? preview.variables.suggestion : null;
  const busy = shown !== null || previewing !== null;
  const cardState = (suggestion: Suggestion) =>
    shown?.suggestion === suggestion ? 'shown' : previewing === suggestion ? 'previewing' : applied.has(suggestion) ? 'applied' : 'idle';

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
            state={cardState(suggestion)}
            disabled={busy && cardState(suggestion) === 'idle'}
            blocked={blockedReason ? { reason: blockedReason, reasonId } : undefined}
            focusButton={focusAfterPreview === suggestion}
            onPreview={() => {
              const currentEditorState = store.present;
              // Not after the list is gone: nothing would be left to keep or discard the preview with.
              preview.mutate(
                { projectId, suggestion, currentEditorState },
                {
                  onSuccess: ({ editorState, credits }) => {
                    dispatch({ type: 'previewSuggestion', preview: { suggestion, base: currentEditorState, state: editorState, credits } });
                  },
                },
              );
            }}
            previewActions={(titleId) =>
              shown && (
                <SuggestionPreviewActions
                  credits={shown.credits}
                  titleId={titleId}
                  keeping={keep.isPending}
                  onKeep={() => {
                    keep.mutate({ projectId, suggestion: shown.suggestion, currentEditorState: shown.base });
                  }}
                  onDiscard={() => {
                    dispatch({ type: 'discardPreview' });
                    setFocusAfterPreview(suggestion);
                  }}
                />
              )
            }
          />
        ))}
      </ul>
    </div>
  );
}
