import type { MusicTrack } from '@shared/schemas/music';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useDeleteMusicTrack } from '../../api/delete-music-track';
import { firstMusicClip } from '@shared/editor/sequence-controls';
import { useEditor } from '../../store/editor-context';

interface DeleteMusicTrackDialogProps {
  track: MusicTrack;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Deletes one of the user's own uploads; if this edit uses it, the music comes out of the edit too. */
export function DeleteMusicTrackDialog({ track, open, onOpenChange }: DeleteMusicTrackDialogProps) {
  const { store, dispatch } = useEditor();
  const inEdit = firstMusicClip(store.present)?.source.trackId === track.id;
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
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this track?"
      description={
        <>
          "{track.title}" will be deleted from your music.
          {inEdit && ' The music will be removed from this edit too.'} This cannot be undone.
        </>
      }
      pending={deleteTrack.isPending}
      onConfirm={() => {
        deleteTrack.mutate(track.id);
      }}
    />
  );
}
