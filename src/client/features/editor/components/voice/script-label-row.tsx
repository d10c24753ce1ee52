import { Sparkles } from 'lucide-react';
import { useState } from 'react';
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
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';

interface ScriptLabelRowProps {
  /** The box has words of the creator's: a draft would replace them, so the creator is asked first. */
  hasScript: boolean;
  writing: boolean;
  disabled: boolean;
  /** Why the last draft failed, in the server's words; null when it did not. */
  failure: string | null;
  onWrite: () => void;
}

/**
 * The script box's label with "Write it for me" beside it: the text model drafts a script sized to the video, which
 * fills an empty box at once. Over the creator's own words it asks before writing, since the draft takes their place.
 */
export function ScriptLabelRow({ hasScript, writing, disabled, failure, onWrite }: ScriptLabelRowProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor="voice-script">Script</Label>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={disabled || writing}
          aria-busy={writing}
          title="Draft a script from the prompt and the shots, sized to the video"
          onClick={() => {
            if (hasScript) setAsking(true);
            else onWrite();
          }}
        >
          <Sparkles aria-hidden />
          {writing ? 'Writing…' : 'Write it for me'}
        </Button>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-red-300">
          {failure}
        </p>
      )}
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Replace your script?</AlertDialogTitle>
            <AlertDialogDescription>The drafted script takes the place of the words in the box now.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep mine</AlertDialogCancel>
            <AlertDialogAction onClick={onWrite}>Replace</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
