import { useMemo } from 'react';
import type { TextOverlay } from '@shared/editor/editor-state';
import { layoutOverlay, type OverlayLayout } from '@shared/editor/text/overlay-layout';
import { measuringContext } from '../lib/canvas-text';

/**
 * Each overlay laid out on a frame of `width` x `height` px (the canvas's own pixels), by the module
 * the export lays text out with. Empty until the fonts are loaded: a substitute face measures wrong.
 */
export function useOverlayLayouts(overlays: TextOverlay[], width: number, height: number, fontsReady: boolean): ReadonlyMap<string, OverlayLayout> {
  return useMemo(() => {
    const layouts = new Map<string, OverlayLayout>();
    if (!fontsReady || width === 0 || height === 0) return layouts;
    for (const overlay of overlays) layouts.set(overlay.id, layoutOverlay(measuringContext(), overlay, { width, height }));
    return layouts;
  }, [overlays, width, height, fontsReady]);
}
