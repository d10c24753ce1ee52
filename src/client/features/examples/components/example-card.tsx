import { Clock, ImageOff, Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ExampleVideo } from '@shared/examples';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

const CATEGORY_STYLES: Partial<Record<string, string>> = {
  Urban: 'border-violet-400/30 bg-violet-400/15 text-violet-200',
  Nature: 'border-emerald-400/30 bg-emerald-400/15 text-emerald-200',
  Lifestyle: 'border-amber-400/30 bg-amber-400/15 text-amber-200',
  Sports: 'border-sky-400/30 bg-sky-400/15 text-sky-200',
  Adventure: 'border-orange-400/30 bg-orange-400/15 text-orange-200',
  Fashion: 'border-pink-400/30 bg-pink-400/15 text-pink-200',
};
const MUTED_CATEGORY = 'border-white/10 bg-muted text-muted-foreground';

interface ExampleCardProps {
  example: ExampleVideo;
  onPlay: () => void;
  /** Where Use This Prompt leads: New Video with this prompt, through sign-up for a visitor. */
  promptHref: string;
}

export function ExampleCard({ example, onPlay, promptHref }: ExampleCardProps) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-white/10 bg-card/60 transition-colors hover:border-fuchsia-500/40">
      <button
        type="button"
        onClick={onPlay}
        aria-label={`Play ${example.title}`}
        className="group relative block aspect-square cursor-pointer overflow-hidden bg-black outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset"
      >
        <Thumbnail src={example.thumbnail} />
        <span
          aria-hidden
          className="absolute bottom-3 left-3 grid size-10 place-items-center rounded-full bg-black/60 text-white backdrop-blur transition-transform group-hover:scale-110"
        >
          <Play className="size-4 translate-x-px fill-current" />
        </span>
      </button>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="outline" className={CATEGORY_STYLES[example.category] ?? MUTED_CATEGORY}>
            {example.category}
          </Badge>
          <Badge variant="secondary">
            <Clock aria-hidden />
            {example.duration}
          </Badge>
          <Badge variant="secondary">{example.aspectRatio}</Badge>
        </div>
        <h3 className="font-semibold">{example.title}</h3>
        <p className="line-clamp-3 text-sm text-muted-foreground">{example.prompt}</p>
        <Button asChild variant="outline" className="mt-auto w-full">
          <Link href={promptHref}>Use This Prompt</Link>
        </Button>
      </div>
    </li>
  );
}

/**
 * The poster, with a skeleton in its place until the image has arrived (the server renders the eight posters at
 * start-up, in about a second, and a request that comes earlier waits for them). `data-poster` says which state
 * it is in, for the e2e test.
 */
function Thumbnail({ src }: { src: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  return (
    <span data-poster={state} className="absolute inset-0 block">
      {state === 'loading' && <Skeleton className="absolute inset-0 rounded-none" />}
      {state === 'failed' && (
        <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 px-4 text-center text-sm text-muted-foreground">
          <ImageOff className="size-8" aria-hidden />
          Preview unavailable — press play to watch the clip
        </span>
      )}
      {state === 'loaded' && (
        <img src={src} alt="" aria-hidden className="absolute inset-0 size-full scale-110 object-cover opacity-40 blur-xl" />
      )}
      <img
        src={src}
        alt=""
        onLoad={() => {
          setState('loaded');
        }}
        onError={() => {
          setState('failed');
        }}
        className={cn('relative size-full object-contain transition-opacity', state === 'loaded' ? 'opacity-100' : 'opacity-0')}
      />
    </span>
  );
}
