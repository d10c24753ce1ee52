import { RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { VoiceClip } from '@shared/editor/editor-state';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useMakeCaptions } from '../../api/caption-jobs';
import { newId } from '../../lib/ids';
import { useEditor } from '../../store/editor-context';

/**
 * Captions made from a recording the voice-over no longer plays (its words could not be carried over to the new one):
 * said plainly, with one click to make them again from the voice-over, keeping the creator's corrections and
 * emphasis where the words still match (decision 055).
 */
export function OutOfDateCaptions({ voice }: { voice: VoiceClip }) {
  const { store, dispatch, projectId } = useEditor();
  const make = useMakeCaptions();
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);
  const remake = () => {
    stop.current = new AbortController();
    const mediaId = voice.source.mediaId;
    make.mutate(
      { projectId, request: { source: 'voice', mediaId }, editorState: store.present, signal: stop.current.signal },
      { onSuccess: (words) => dispatch({ type: 'setCaptions', words, idPrefix: newId(), voice: { clipId: voice.id, mediaId } }) },
    );
  };
  return (
    <div role="status" className="grid gap-2 rounded-md border border-amber-300/40 bg-amber-400/10 p-3 text-sm">
      <p>Out of date — the voice-over was recorded again, and these captions still show the old words.</p>
      {make.isError && (
        <p role="alert" className="text-red-300">
          {errorMessage(make.error, make.error.message || 'The captions could not be made.')}
        </p>
      )}
      <Button type="button" variant="outline" size="sm" onClick={remake} disabled={make.isPending} aria-busy={make.isPending}>
        <RefreshCw aria-hidden />
        {make.isPending ? 'Remaking…' : 'Remake captions'}
      </Button>
    </div>
  );
}
