import { LoaderCircle, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ProjectStatus, ProjectSummary } from '@shared/schemas/project';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { relativeTime } from '@/lib/relative-time';
import { useNow } from '@/hooks/use-now';
import { usePreviewPlayback } from '../hooks/use-preview-playback';
import { DeleteProjectDialog } from './delete-project-dialog';
import { GeneratingProgress } from './generating-progress';
import { ProjectPreview } from './project-preview';

const STATUS_BADGES: Record<ProjectStatus, { label: string; variant: 'warning' | 'success' | 'destructive' }> = {
  generating: { label: 'Generating', variant: 'warning' },
  ready: { label: 'Ready', variant: 'success' },
  error: { label: 'Error', variant: 'destructive' },
};

/** A project still generating has no measured length yet; it shows the length asked for (an upload has none yet). */
function shownDuration(project: ProjectSummary): string {
  const seconds = project.duration > 0 ? project.duration : project.targetDuration;
  return seconds ? `${String(Math.round(seconds))}s · ` : '';
}

/** An uploaded video the server is still checking and converting. */
function isProcessingUpload(project: Pick<ProjectSummary, 'status' | 'source'>): boolean {
  return project.status === 'generating' && project.source === 'upload';
}

export function ProjectCard({ project }: { project: ProjectSummary }) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const playback = usePreviewPlayback();
  const now = useNow(30_000);
  const processing = isProcessingUpload(project);
  const status = processing ? { label: 'Processing', variant: 'warning' as const } : STATUS_BADGES[project.status];
  const isReady = project.status === 'ready';

  return (
    <li
      className="group flex flex-col overflow-hidden rounded-xl border border-white/10 bg-card/60 transition-colors hover:border-fuchsia-500/40"
      {...(isReady ? playback.cardHandlers : {})}
    >
      <ProjectPreview
        project={project}
        videoRef={playback.videoRef}
        playing={playback.playing}
        onToggle={playback.toggle}
        videoEvents={playback.videoEvents}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 font-semibold break-words">{project.title}</h2>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <p className="line-clamp-2 text-sm text-muted-foreground">
          {project.prompt || (project.source === 'upload' ? 'Uploaded video' : '')}
        </p>
        {processing && (
          <p className="flex items-center gap-2 text-sm text-amber-200">
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
            Processing video...
          </p>
        )}
        {project.status === 'generating' && !processing && <GeneratingProgress project={project} />}
        {project.generatingShots > 0 && (
          <p className="flex items-center gap-2 text-sm text-amber-200">
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
            {project.generatingShots === 1 ? 'A shot is being generated' : `${String(project.generatingShots)} shots are being generated`}
          </p>
        )}
        {project.status === 'error' && (
          <p className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-red-300">
            {project.errorMessage ?? (project.source === 'upload' ? 'The video could not be processed.' : 'Generation failed.')}
          </p>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <p className="text-xs text-muted-foreground">
            {project.aspectRatio} · {shownDuration(project)}
            <time dateTime={project.createdAt}>{relativeTime(project.createdAt, now)}</time>
          </p>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Delete project"
            className="size-8 text-muted-foreground hover:text-red-300"
            onClick={() => {
              setConfirmingDelete(true);
            }}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
        {isReady && (
          <Button asChild variant="secondary" className="w-full">
            <Link href={`/editor/${project.id}`}>
              <Pencil aria-hidden />
              Open Editor
            </Link>
          </Button>
        )}
      </div>
      <DeleteProjectDialog project={project} open={confirmingDelete} onOpenChange={setConfirmingDelete} />
    </li>
  );
}
