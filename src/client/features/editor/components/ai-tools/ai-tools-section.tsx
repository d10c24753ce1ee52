import { Lightbulb, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { SUGGESTION_COST } from '@shared/schemas/ai';
import type { Project } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCurrentUser } from '../../api/get-current-user';
import { useSuggestImprovements } from '../../api/suggest-improvements';
import { videoContextFor } from '../../lib/video-context';
import { useEditor } from '../../store/editor-context';
import { AssistantDialog } from './assistant-dialog';
import { SuggestionList } from './suggestion-list';

type AiProject = Pick<Project, 'id' | 'title' | 'prompt' | 'aspectRatio' | 'duration'>;

/** Suggestions for the video as it is now, previewed in the player and then kept or discarded, and a chat about it. */
export function AiToolsSection({ project }: { project: AiProject }) {
  const { store } = useEditor();
  const user = useCurrentUser();
  const [chatting, setChatting] = useState(false);
  const isPro = user?.subscription === 'pro';
  const shortOfCredits =
    user !== null && !isPro && user.credits < SUGGESTION_COST
      ? `Insufficient credits. Applying a suggestion costs ${String(SUGGESTION_COST)} credits and you have ${String(user.credits)}. Upgrade to Pro for unlimited.`
      : undefined;

  const suggest = useSuggestImprovements({
    onSuccess: (suggestions) => {
      toast(
        suggestions.length > 0
          ? { title: 'AI Suggestions ready', description: `${String(suggestions.length)} ideas to improve your video.` }
          : { title: 'No new suggestions', description: 'Your edit already has everything the AI would suggest.' },
      );
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Failed to generate suggestions', description: 'Please try again.' });
    },
  });

  return (
    <div className="grid gap-3">
      <p className="text-xs text-muted-foreground">
        Ideas for this video that apply in one click, and an assistant to ask about hooks, captions, pacing or posting.
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button
          type="button"
          variant="brand"
          size="sm"
          // A new list would drop the suggestion the player shows: keep or discard it first.
          disabled={suggest.isPending || store.preview !== null}
          onClick={() => {
            suggest.mutate(videoContextFor(project, store.present));
          }}
        >
          {suggest.isPending ? <Spinner /> : <Lightbulb aria-hidden />}
          Get suggestions
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={() => setChatting(true)}>
          <MessageCircle aria-hidden />
          AI Assistant
        </Button>
      </div>
      {suggest.data && (
        <SuggestionList
          key={suggest.submittedAt}
          projectId={project.id}
          suggestions={suggest.data}
          isPro={isPro}
          blockedReason={shortOfCredits}
        />
      )}
      <AssistantDialog project={project} open={chatting} onOpenChange={setChatting} />
    </div>
  );
}
