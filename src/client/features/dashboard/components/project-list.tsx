import { Clapperboard, Plus } from 'lucide-react';
import type { ProjectSummary } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { ProjectCard } from './project-card';

interface ProjectListProps {
  projects: ProjectSummary[];
  onCreate: () => void;
}

export function ProjectList({ projects, onCreate }: ProjectListProps) {
  if (projects.length === 0) return <EmptyProjects onCreate={onCreate} />;

  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {projects.map((project) => (
        <ProjectCard key={project.id} project={project} />
      ))}
    </ul>
  );
}

function EmptyProjects({ onCreate }: { onCreate: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-white/15 px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-white/5">
        <Clapperboard className="size-7 text-fuchsia-300" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold">No projects yet</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        Describe a scene and we will turn it into a clip, or upload a video of your own to edit.
      </p>
      <Button type="button" variant="brand" className="mt-6" onClick={onCreate}>
        <Plus aria-hidden />
        Create your first video
      </Button>
    </div>
  );
}
