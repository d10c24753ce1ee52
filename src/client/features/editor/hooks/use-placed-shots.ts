import { useEffect, useRef } from 'react';
import type { MediaAsset } from '@shared/schemas/media';
import { toast } from '@/components/ui/use-toast';
import { leftOutSince, placementsSince } from '../store/placed-shots';
import { useEditor } from '../store/editor-context';

/**
 * A clip asked to join the sequence (the Add shot dialog) is appended to the saved edit by the server when it is
 * ready (decision 056), with the dialog open or not. The media list, read every few seconds while a clip is made,
 * says so; the shot then joins the edit on screen as one undoable step, before an autosave could leave it out. While
 * the edit is held (an extension, a previewed suggestion) it waits, and joins when the edit is free again.
 */
export function usePlacedShots(media: readonly MediaAsset[]): void {
  const { store, held, dispatch } = useEditor();
  const seen = store.placedShotsSeen;
  useEffect(() => {
    if (held) return;
    const placed = placementsSince(media, seen);
    if (!placed) return;
    dispatch({ type: 'placeShots', ...placed });
    toast({ title: placed.shots.length === 1 ? 'Shot added' : `${String(placed.shots.length)} shots added`, description: 'It is in the sequence now, where you asked for it.' });
  }, [media, seen, held, dispatch]);
  useLeftOutNotice(media);
}

/** One the server left out (the video would pass 10 minutes with it, the sequence is full) is said so once, when it is ready. */
function useLeftOutNotice(media: readonly MediaAsset[]): void {
  const making = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    for (const { reason } of leftOutSince(making.current, media)) {
      toast({ variant: 'destructive', title: 'Shot not added to the sequence', description: `${reason} It is in the Media tab.` });
    }
    making.current = new Set(media.flatMap((asset) => (asset.status === 'generating' ? [asset.id] : [])));
  }, [media]);
}
