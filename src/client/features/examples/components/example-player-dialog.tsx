import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { ExampleVideo } from '@shared/examples';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

interface ExamplePlayerDialogProps {
  example: ExampleVideo | null;
  onClose: () => void;
}

export function ExamplePlayerDialog({ example, onClose }: ExamplePlayerDialogProps) {
  return (
    <Dialog
      open={example !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {example && (
        <DialogContent className={cn(example.aspectRatio === '9:16' ? 'max-w-md' : 'max-w-3xl')}>
          <DialogHeader>
            <DialogTitle>{example.title}</DialogTitle>
            <DialogDescription className="line-clamp-3">{example.prompt}</DialogDescription>
          </DialogHeader>
          <ExamplePlayer key={example.id} example={example} />
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * Plays the example's clip. Its poster shows at once; if the server is still rendering the clip (a first start
 * renders the eight clips in the background, one after another), the request waits for it, and meanwhile the
 * poster carries "Preparing this example…" with a progress bar, until the clip can play.
 */
function ExamplePlayer({ example }: { example: ExampleVideo }) {
  const [state, setState] = useState<'preparing' | 'ready' | 'failed'>('preparing');
  const isVertical = example.aspectRatio === '9:16';

  return (
    <div
      data-clip={state}
      className={cn(
        'relative mx-auto grid w-full place-items-center overflow-hidden rounded-lg bg-black',
        isVertical ? 'aspect-[9/16] max-h-[65dvh] w-auto' : 'aspect-video',
      )}
    >
      <video
        src={example.videoUrl}
        poster={example.thumbnail}
        controls={state === 'ready'}
        autoPlay
        playsInline
        aria-label={example.title}
        aria-busy={state === 'preparing'}
        onLoadedData={() => {
          setState('ready');
        }}
        onError={() => {
          setState('failed');
        }}
        className="size-full"
      />
      {state === 'preparing' && (
        <div role="status" className="absolute inset-x-0 bottom-0 grid gap-2 bg-gradient-to-t from-black/80 to-transparent p-4 pt-10 text-sm text-white">
          <span className="flex items-center gap-2">
            {/* The status around it speaks for it. */}
            <Spinner className="size-4" role="presentation" aria-label={undefined} aria-hidden />
            Preparing this example…
          </span>
          <Progress aria-label="Preparing this example" className="h-1.5" />
        </div>
      )}
      {state === 'failed' && (
        <p role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/70 p-6 text-center text-sm">
          <TriangleAlert className="size-6 text-red-400" aria-hidden />
          This clip could not be loaded. Please try again later.
        </p>
      )}
    </div>
  );
}
