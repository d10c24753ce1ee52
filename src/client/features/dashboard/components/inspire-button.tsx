import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useInspirePrompt } from '../api/inspire-prompt';

/** Asks the AI for a video prompt and hands it to the form (SPEC §2: the inspiration action). */
export function InspireButton({ onInspired }: { onInspired: (prompt: string) => void }) {
  const inspire = useInspirePrompt({
    onSuccess: (prompt) => {
      onInspired(prompt);
      toast({ title: 'Inspiration generated', description: 'Edit the prompt to make it your own.' });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Failed to generate inspiration', description: 'Please try again.' });
    },
  });

  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="-my-1.5 h-7 text-fuchsia-300 hover:text-fuchsia-200"
      disabled={inspire.isPending}
      onClick={() => {
        inspire.mutate();
      }}
    >
      {inspire.isPending ? <Spinner /> : <Sparkles aria-hidden />}
      {inspire.isPending ? 'Inspiring...' : 'Inspire me'}
    </Button>
  );
}
