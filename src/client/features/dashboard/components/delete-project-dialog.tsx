import type { ProjectSummary } from '@shared/schemas/project';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useDeleteProject } from '../api/delete-project';

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
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!deleteProject.isPending) onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Project</AlertDialogTitle>
          <AlertDialogDescription>
            "{project.title}" and its video will be deleted. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteProject.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={deleteProject.isPending}
            onClick={(event) => {
              // Stays open until the server answers, so a failure is seen next to what was asked.
              event.preventDefault();
              deleteProject.mutate(project.id);
            }}
          >
            {deleteProject.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
