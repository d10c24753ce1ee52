import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { followedVoiceClip } from '@shared/captions/voice-captions';
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
import { Button, buttonVariants } from '@/components/ui/button';
import { useEditor } from '../../store/editor-context';

/**
 * Takes the voice-over away after asking; when captions were made from it, the creator chooses whether they go too
 * or stay as plain captions of the words it played (decision 055). Either is one undo step.
 */
export function RemoveVoiceButton() {
  const { store, dispatch } = useEditor();
  const [asking, setAsking] = useState(false);
  const hasCaptions = followedVoiceClip(store.present) !== undefined;
  return (
    <>
      <Button type="button" variant="ghost" size="sm" onClick={() => setAsking(true)}>
        <Trash2 aria-hidden />
        Remove
      </Button>
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove the voice-over?</AlertDialogTitle>
            <AlertDialogDescription>
              {hasCaptions
                ? 'The captions were made from it. Remove them with it, or keep them as they show now.'
                : 'It comes off the voice lane; Undo brings it back.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            {hasCaptions && (
              <AlertDialogAction className={buttonVariants({ variant: 'outline' })} onClick={() => dispatch({ type: 'removeVoice', captions: 'keep' })}>
                Keep captions
              </AlertDialogAction>
            )}
            <AlertDialogAction onClick={() => dispatch({ type: 'removeVoice', captions: 'remove' })}>{hasCaptions ? 'Remove both' : 'Remove'}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
