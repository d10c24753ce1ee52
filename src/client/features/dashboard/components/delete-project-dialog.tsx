import type { ProjectSummary } from '@shared/schemas/project';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useDeleteProject } from '../api/delete-project';
import { deleteProjectWarning } from '../lib/delete-project-warning';

interface DeleteProjectDialogProps {
  project: ProjectSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function DeleteProjectDialog({ project, open, onOpenChange }: DeleteProjectDialogProps) {
  const deleteProject = useDeleteProject({
    onSuccess: () => {
      toast({ title: 'Project deleted', description: `"${project.title}" has been removed.` });
      onOpenChange(false);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Delete failed', description: errorMessage(error, 'Please try again.') });
    },
  });

  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Project"
      description={deleteProjectWarning(project)}
      pending={deleteProject.isPending}
      onConfirm={() => {
        deleteProject.mutate(project.id);
      }}
    />
  );
}
