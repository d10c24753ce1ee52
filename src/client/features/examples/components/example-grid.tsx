import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import type { ExampleVideo } from '@shared/examples';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useExamples } from '../api/get-examples';
import { ExampleCard } from './example-card';
import { ExamplePlayerDialog } from './example-player-dialog';

const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** `promptHref` gives each card's Use This Prompt address; the page composes it (features do not import each other). */
export function ExampleGrid({ promptHref }: { promptHref: (prompt: string) => string }) {
  const examples = useExamples();
  const [selected, setSelected] = useState<ExampleVideo | null>(null);

  return (
    <section aria-labelledby="examples-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <h2 id="examples-heading" className="sr-only">
        Example videos
      </h2>
      <p className="mb-5 text-center text-sm text-muted-foreground">
        These preview clips are rendered locally by PromptReel from each prompt, not by Veo.
      </p>
      {examples.isPending && <LoadingGrid />}
      {examples.isError && (
        <Alert variant="destructive">
          <AlertTitle>Couldn't load the examples</AlertTitle>
          <AlertDescription>
            {errorMessage(examples.error, 'Please try again.')}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-2"
              disabled={examples.isFetching}
              onClick={() => {
                void examples.refetch();
              }}
            >
              <RotateCw aria-hidden />
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {examples.isSuccess && (
        <ul className={GRID}>
          {examples.data.map((example) => (
            <ExampleCard
              key={example.id}
              example={example}
              promptHref={promptHref(example.prompt)}
              onPlay={() => {
                setSelected(example);
              }}
            />
          ))}
        </ul>
      )}
      <ExamplePlayerDialog
        example={selected}
        onClose={() => {
          setSelected(null);
        }}
      />
    </section>
  );
}

function LoadingGrid() {
  return (
    <ul className={GRID} aria-label="Loading examples">
      {Array.from({ length: 8 }, (_, index) => (
        <li key={index} className="overflow-hidden rounded-xl border border-white/10 bg-card/60">
          <Skeleton className="aspect-square rounded-none" />
          <div className="grid gap-3 p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}
