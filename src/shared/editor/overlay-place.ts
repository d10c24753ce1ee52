import type { TextOverlay } from './editor-state.ts';

/** Heights tried for a new overlay, from the middle outwards. */
const CANDIDATES = [50, 35, 65, 20, 80, 10, 90];
/** A new overlay this far (percent of the frame's height) from another's centre does not cover a one-line caption. */
const CLEAR = 10;

/** The frame's very top and bottom, where the platforms draw their tabs and captions: tried last. */
const EDGES = new Set([10, 90]);

function nearness(y: number, prefer: number): number {
  return Math.abs(y - prefer) + (EDGES.has(y) ? 100 : 0);
}

type Placed = Pick<TextOverlay, 'position' | 'start' | 'end'>;

interface FreeOverlayOptions {
  /** The height wanted: it, else the free height nearest to it. Default: the middle, then outwards. */
  prefer?: number;
  /** Only overlays shown during this span count (output seconds); default: all of them. */
  during?: { start: number; end: number };
}

/**
 * Where a new overlay's centre goes: the first height in order that no other overlay (shown at the same
 * time, if asked) is near; when every one is taken, the one wanted.
 */
export function freeOverlayY(overlays: readonly Placed[], { prefer, during }: FreeOverlayOptions = {}): number {
  const relevant = during ? overlays.filter((overlay) => overlay.start < during.end && during.start < overlay.end) : overlays;
  const order = prefer === undefined ? CANDIDATES : [prefer, ...[...CANDIDATES].sort((a, b) => nearness(a, prefer) - nearness(b, prefer))];
  return order.find((y) => relevant.every((overlay) => Math.abs(overlay.position.y - y) >= CLEAR)) ?? prefer ?? 50;
}
