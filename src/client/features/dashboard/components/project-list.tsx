import { Clapperboard } from 'lucide-react';
import type { ProjectStatus, ProjectSummary } from '@shared/schemas/project';
import { Badge } from '@/components/ui/badge';

export function ProjectList({ projects }: { projects: ProjectSummary[] }) {
  if (projects.length === 0) return <EmptyProjects />;

  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => (
        <ProjectRow key={project.id} project={project} />
      ))}
    </ul>
  );
}

function EmptyProjects() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-white/15 px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-white/5">
        <Clapperboard className="size-7 text-fuchsia-300" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold">No projects yet</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        Your videos will show up here, with their status, as soon as you create them.
      </p>
    </div>
  );
}

const STATUS_BADGES: Record<ProjectStatus, { label: string; variant: 'warning' | 'success' | 'destructive' }> = {
  generating: { label: 'Generating', variant: 'warning' },
  ready: { label: 'Ready', variant: 'success' },
  error: { label: 'Error', variant: 'destructive' },
};

function ProjectRow({ project }: { project: ProjectSummary }) {
  const status = STATUS_BADGES[project.status];
  return (
    <li className="grid gap-2 rounded-xl border border-white/10 bg-card/60 p-4">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-semibold break-words">{project.title}</h2>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {project.aspectRatio} · {project.duration}s
      </p>
    </li>
  );
}
