import { simulatedProgress } from '@shared/generation';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useNow } from '@/hooks/use-now';

/**
 * Under the header while the video is extended: SPEC §4's simulated progress, counted from when the
 * extension started. The current clip stays on screen to watch; editing resumes once the new shot is appended.
 */
export function ExtendingProgress({ since }: { since: string }) {
  const now = useNow(1000);
  const { percent, minutesLeft } = simulatedProgress(since, now);
  return (
    <div
      data-testid="extending-progress"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-300/20 bg-amber-300/10 px-4 py-2 text-sm"
    >
      <p role="status" className="flex min-w-0 flex-1 items-center gap-2">
        <Spinner aria-hidden className="shrink-0 text-amber-200" />
        <span>
          <span className="font-semibold text-amber-100">Extending your video.</span>{' '}
          <span className="text-muted-foreground">Watch the current clip meanwhile; editing resumes when the new shot is added.</span>
        </span>
      </p>
      <div className="flex items-center gap-2 max-sm:w-full">
        <Progress value={percent} aria-label="Extension progress" className="w-40 max-sm:flex-1" />
        <span className="text-xs tabular-nums text-muted-foreground">
          {percent}% · about {minutesLeft} min left
        </span>
      </div>
    </div>
  );
}
