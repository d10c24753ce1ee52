import { useEffect, useEffectEvent, useMemo, useRef, useState, type RefObject } from 'react';
import { FRAME_SECONDS } from '@shared/editor/editor-constants';
import type { Shot, TextOverlay } from '@shared/editor/editor-state';
import { drawOverlay } from '@shared/editor/text/draw-overlay';
import { overlayAppearance } from '@shared/editor/text/overlay-animation';
import type { OverlayLayout } from '@shared/editor/text/overlay-layout';
import { canvasLayers } from '../lib/canvas-text';

interface OverlayCanvasOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  overlays: TextOverlay[];
  /** From useOverlayLayouts, on a frame of width x height. */
  layouts: ReadonlyMap<string, OverlayLayout>;
  width: number;
  height: number;
  /** The shot the player plays (the first): output time 0 is its In point. */
  shot: Shot;
  /** The overlay being typed in place: its editor shows the text instead. */
  hiddenId: string | null;
}

/**
 * The output time the player shows. Playback stops with the playhead on the Out point, where the
 * output has no frame; there the text stays as on the output's last moment.
 */
function outputTime(playerTime: number, shot: Shot): number {
  return Math.min(playerTime - shot.in, shot.out - shot.in - FRAME_SECONDS / 2);
}

/**
 * Draws the overlays on a canvas over the player exactly as the export draws them: at output time
 * t = player time - the shot's In point, on every frame the player presents, after a seek, and whenever the
 * edit changes. Returns the canvas's ref and the ids of the overlays shown at the current time.
 */
export function useOverlayCanvas({ videoRef, overlays, layouts, width, height, shot, hiddenId }: OverlayCanvasOptions) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [shown, setShown] = useState('');

  const draw = useEffectEvent((playerTime: number) => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const frame = { width, height };
    const t = outputTime(playerTime, shot);
    ctx.clearRect(0, 0, width, height);
    const visible: string[] = [];
    for (const overlay of overlays) {
      const layout = layouts.get(overlay.id);
      if (!layout) continue;
      if (overlayAppearance(overlay, t).visible) visible.push(overlay.id);
      if (overlay.id !== hiddenId) drawOverlay(ctx, overlay, frame, t, canvasLayers, layout);
    }
    setShown(visible.join('\n'));
  });

  useEffect(() => {
    draw(videoRef.current?.currentTime ?? 0);
  }, [videoRef, overlays, layouts, width, height, shot, hiddenId]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    return 'requestVideoFrameCallback' in HTMLVideoElement.prototype ? followPresentedFrames(video, draw) : followAnimationFrames(video, draw);
  }, [videoRef]);

  const visibleIds = useMemo(() => new Set(shown.split('\n')), [shown]);
  return { canvasRef, visibleIds };
}

/** Each presented frame at its own media time (the playhead runs slightly ahead of it), and every seek. */
function followPresentedFrames(video: HTMLVideoElement, draw: (playerTime: number) => void): () => void {
  let handle = 0;
  const onFrame = (_now: number, metadata: VideoFrameCallbackMetadata) => {
    draw(metadata.mediaTime);
    handle = video.requestVideoFrameCallback(onFrame);
  };
  // A seek that lands on the frame already shown presents no new frame.
  const onSeeked = () => {
    draw(video.currentTime);
  };
  handle = video.requestVideoFrameCallback(onFrame);
  video.addEventListener('seeked', onSeeked);
  return () => {
    video.cancelVideoFrameCallback(handle);
    video.removeEventListener('seeked', onSeeked);
  };
}

/** Without frame callbacks: every animation frame while playing, and every seek. */
function followAnimationFrames(video: HTMLVideoElement, draw: (playerTime: number) => void): () => void {
  let handle = 0;
  const tick = () => {
    draw(video.currentTime);
    handle = requestAnimationFrame(tick);
  };
  const start = () => {
    cancelAnimationFrame(handle);
    handle = requestAnimationFrame(tick);
  };
  const stop = () => {
    cancelAnimationFrame(handle);
    draw(video.currentTime);
  };
  video.addEventListener('play', start);
  video.addEventListener('pause', stop);
  video.addEventListener('seeked', stop);
  if (!video.paused) start();
  return () => {
    cancelAnimationFrame(handle);
    video.removeEventListener('play', start);
    video.removeEventListener('pause', stop);
    video.removeEventListener('seeked', stop);
  };
}
