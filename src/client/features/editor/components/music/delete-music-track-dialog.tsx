import type { MusicTrack } from '@shared/schemas/music';
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
import { useDeleteMusicTrack } from '../../api/delete-music-track';
import { useEditor } from '../../store/editor-context';

interface DeleteMusicTrackDialogProps {
  track: MusicTrack;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Deletes one of the user's own uploads; if this edit uses it, the music comes out of the edit too. */
export function DeleteMusicTrackDialog({ track, open, onOpenChange }: DeleteMusicTrackDialogProps) {
  const { store, dispatch } = useEditor();
  const inEdit = store.present.music?.trackId === track.id;
  const deleteTrack = useDeleteMusicTrack({
    onSuccess: () => {
      if (inEdit) dispatch({ type: 'removeMusic' });
      toast({ title: `Deleted ${track.title}` });
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
        if (!deleteTrack.isPending) onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this track?</AlertDialogTitle>
          <AlertDialogDescription>
            "{track.title}" will be deleted from your music.
            {inEdit && ' The music will be removed from this edit too.'} This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteTrack.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={deleteTrack.isPending}
            onClick={(event) => {
              // Stays open until the server answers, so a failure is seen next to what was asked.
              event.preventDefault();
              deleteTrack.mutate(track.id);
            }}
          >
            {deleteTrack.isPending ? 'Deleting…' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
