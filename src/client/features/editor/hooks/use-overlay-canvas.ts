import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { CaptionTrack } from '@shared/captions/caption-track';
import { drawCaptions } from '@shared/captions/draw-captions';
import { FRAME_SECONDS } from '@shared/editor/editor-constants';
import type { TextOverlay } from '@shared/editor/editor-state';
import { drawOverlay } from '@shared/editor/text/draw-overlay';
import { overlayAppearance } from '@shared/editor/text/overlay-animation';
import type { OverlayLayout } from '@shared/editor/text/overlay-layout';
import { canvasLayers } from '../lib/canvas-text';
import type { SequenceClock } from '../lib/sequence-clock';

interface OverlayCanvasOptions {
  clock: SequenceClock;
  overlays: TextOverlay[];
  /** Drawn over the overlays, as the export draws them (only once the fonts are ready: a caption's rows depend on them). */
  captions: CaptionTrack | null;
  /** From useOverlayLayouts, on a frame of width x height. */
  layouts: ReadonlyMap<string, OverlayLayout>;
  width: number;
  height: number;
  /** The overlay being typed in place: its editor shows the text instead. */
  hiddenId: string | null;
}

/**
 * Draws the overlays and the captions on a canvas over the player exactly as the export draws them, at the player's output time:
 * every time the clock moves (each animation frame while playing), after a seek, and whenever the edit changes.
 * Playback stops with the playhead on the output's end, where it has no frame; there the text stays as on the
 * output's last moment. Returns the canvas's ref and the ids of the overlays shown at the current time.
 */
export function useOverlayCanvas({ clock, overlays, captions, layouts, width, height, hiddenId }: OverlayCanvasOptions) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [shown, setShown] = useState('');

  const draw = useEffectEvent(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const frame = { width, height };
    const t = Math.max(0, Math.min(clock.currentTime, clock.duration - FRAME_SECONDS / 2));
    ctx.clearRect(0, 0, width, height);
    const visible: string[] = [];
    for (const overlay of overlays) {
      const layout = layouts.get(overlay.id);
      if (!layout) continue;
      if (overlayAppearance(overlay, t).visible) visible.push(overlay.id);
      if (overlay.id !== hiddenId) drawOverlay(ctx, overlay, frame, t, canvasLayers, layout);
    }
    if (captions) drawCaptions(ctx, captions, frame, t);
    setShown(visible.join('\n'));
  });

  useEffect(() => {
    draw();
  }, [overlays, captions, layouts, width, height, hiddenId]);

  useEffect(() => {
    const onTime = () => {
      draw();
    };
    clock.addEventListener('timeupdate', onTime);
    clock.addEventListener('seeked', onTime);
    return () => {
      clock.removeEventListener('timeupdate', onTime);
      clock.removeEventListener('seeked', onTime);
    };
  }, [clock]);

  const visibleIds = useMemo(() => new Set(shown.split('\n')), [shown]);
  return { canvasRef, visibleIds };
}
