import type { TextOverlay } from '@shared/editor/editor-state';

/** Heights tried for a new overlay, from the middle outwards. */
const CANDIDATES = [50, 35, 65, 20, 80, 10, 90];
/** A new overlay this far (percent of the frame's height) from another's centre does not cover a one-line caption. */
const CLEAR = 10;

/** Where a new overlay's centre goes: the first height no other overlay is near, else the middle. */
export function freeOverlayY(overlays: readonly Pick<TextOverlay, 'position'>[]): number {
  return CANDIDATES.find((y) => overlays.every((overlay) => Math.abs(overlay.position.y - y) >= CLEAR)) ?? 50;
}
