import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { ExampleVideo } from '@shared/examples';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
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

/** The first play of an example can wait while the server renders its clip, so loading is shown. */
function ExamplePlayer({ example }: { example: ExampleVideo }) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const isVertical = example.aspectRatio === '9:16';

  return (
    <div
      className={cn(
        'relative mx-auto grid w-full place-items-center overflow-hidden rounded-lg bg-black',
        isVertical ? 'aspect-[9/16] max-h-[65dvh] w-auto' : 'aspect-video',
      )}
    >
      <video
        src={example.videoUrl}
        controls
        autoPlay
        playsInline
        aria-label={example.title}
        onLoadedData={() => {
          setState('ready');
        }}
        onError={() => {
          setState('failed');
        }}
        className="size-full"
      />
      {state === 'loading' && (
        <div className="pointer-events-none absolute inset-0 grid place-items-center">
          <Spinner className="size-8 text-white" />
        </div>
      )}
      {state === 'failed' && (
        <p role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-6 text-center text-sm">
          <TriangleAlert className="size-6 text-red-400" aria-hidden />
          This clip could not be loaded. Please try again later.
        </p>
      )}
    </div>
  );
}
