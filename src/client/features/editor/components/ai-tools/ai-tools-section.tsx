import { Lightbulb, MessageCircle } from 'lucide-react';
import { useState } from 'react';
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

/** Suggestions for the video as it is now, applied in one click, and a chat about it. */
export function AiToolsSection({ project }: { project: AiProject }) {
  const { store } = useEditor();
  const user = useCurrentUser();
  const [chatting, setChatting] = useState(false);

  const suggest = useSuggestImprovements({
    onSuccess: (suggestions) => {
      toast({ title: 'AI Suggestions ready', description: `${String(suggestions.length)} ideas to improve your video.` });
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
          disabled={suggest.isPending}
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
          isPro={user?.subscription === 'pro'}
        />
      )}
      <AssistantDialog project={project} open={chatting} onOpenChange={setChatting} />
    </div>
  );
}
