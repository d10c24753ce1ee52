import { placeShot, placedShotId, type PlacedShot } from '@shared/editor/shot-edits';
import type { EditorState } from '@shared/editor/editor-state';
import type { MediaAsset } from '@shared/schemas/media';
import { sectionCommand, type EditorCommand } from './editor-commands';

/**
 * Shots the server appended to the saved edit since the editor last looked (decision 056): clips asked to join the
 * sequence from the Add shot dialog, made while the editor was open, with the dialog closed or not. `seen` is the
 * highest placement among them; null when the media list holds none past `since`.
 */
export function placementsSince(media: readonly MediaAsset[], since: number): { shots: PlacedShot[]; seen: number } | null {
  const placed = media
    .flatMap((asset) => (asset.status === 'ready' && asset.sequence?.placed != null && asset.sequence.placed > since ? [{ asset, number: asset.sequence.placed }] : []))
    .sort((a, b) => a.number - b.number);
  if (placed.length === 0) return null;
  return {
    shots: placed.map(({ asset }) => ({ mediaId: asset.id, seconds: asset.duration, afterShotId: asset.sequence?.afterShotId ?? null, shotId: placedShotId(asset.id) })),
    seen: placed.at(-1)!.number,
  };
}

/**
 * Clips asked to join the sequence that were being made at the last read of the media list (`making`, their ids)
 * and are ready now but were left out of it (the edit could not take them), each with why.
 */
export function leftOutSince(making: ReadonlySet<string>, media: readonly MediaAsset[]): Array<{ mediaId: string; reason: string }> {
  return media.flatMap((asset) =>
    making.has(asset.id) && asset.status === 'ready' && asset.sequence?.notPlaced ? [{ mediaId: asset.id, reason: asset.sequence.notPlaced }] : [],
  );
}

/** The placed shots put where the server put them, as one undo step; null when each is there already. */
export function placeShotsCommand(state: EditorState, shots: readonly PlacedShot[]): EditorCommand | null {
  const placed = shots.reduce((current, shot) => placeShot(current, shot) ?? current, state.shots);
  return placed === state.shots ? null : sectionCommand('Add shot', state, { shots: placed });
}
