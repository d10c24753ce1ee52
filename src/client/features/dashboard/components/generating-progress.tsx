import { simulatedProgress } from '@shared/generation';
import type { ProjectSummary } from '@shared/schemas/project';
import { Progress } from '@/components/ui/progress';
import { useNow } from '@/hooks/use-now';

/** SPEC §4's simulated estimate (on the server's measured time when it has one), with the real segment count for chained videos. */
export function GeneratingProgress({ project }: { project: ProjectSummary }) {
  const now = useNow(1000);
  const { percent, minutesLeft } = simulatedProgress(project.createdAt, now, project.estimatedSeconds);
  const { totalSegments, currentSegment } = project;

  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="font-medium tabular-nums text-amber-200">{percent}%</span>
        <span className="text-muted-foreground">about {minutesLeft} min left</span>
      </div>
      <Progress value={percent} aria-label={`Generating ${project.title}`} />
      {totalSegments > 1 && (
        <p className="text-xs text-muted-foreground">
          Segment {Math.min(currentSegment + 1, totalSegments)} of {totalSegments}
        </p>
      )}
    </div>
  );
}
