import { createCanvas } from '@napi-rs/canvas';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EditorState } from '../../../shared/editor/editor-state.ts';
import {
  WATERMARK_PAINT,
  appearanceBox,
  drawOverlay,
  drawWatermark,
  overlayInkBox,
  overlayPaint,
  paintLayout,
  watermarkLayout,
} from '../../../shared/editor/text/draw-overlay.ts';
import { animationSeconds, overlayAppearance } from '../../../shared/editor/text/overlay-animation.ts';
import { type Box, type Frame, layoutOverlay } from '../../../shared/editor/text/overlay-layout.ts';
import type { LayerFactory, TextDrawingContext } from '../../../shared/editor/text/text-context.ts';
import { registerCanvasFonts } from './canvas-fonts.ts';

/** Animation frames are drawn at the output's frame rate, at most this many a second. */
export const MAX_ANIMATION_FPS = 60;
/** PNG encodes in flight at once (they run on libuv's thread pool, off the job's event loop). */
const ENCODES_IN_FLIGHT = 4;

/**
 * One picture of text to lay over the video: a still (one PNG) or an animation (numbered PNGs, one
 * per output frame), cropped to the pixels it covers, shown on the output timeline in [from, to).
 */
export interface TextImage {
  /** The PNG, or for an animation its image2 pattern (`…-%04d.png`, numbered from 0). */
  file: string;
  /** Where it lies on the frame, whole pixels, inside the frame. */
  box: Box;
  from: number;
  to: number;
  /** Animation only: the output time each numbered frame shows, 1/fps apart. */
  frameTimes?: number[];
  /** Draws it (on a context whose origin is the frame's top-left) as it is at time t. */
  draw: (ctx: TextDrawingContext, t: number) => void;
}

const layers: LayerFactory = (width, height) => {
  const canvas = createCanvas(width, height);
  return { ctx: canvas.getContext('2d'), image: canvas };
};

function clipToFrame(box: Box, frame: Frame): Box | undefined {
  const left = Math.max(0, box.left);
  const top = Math.max(0, box.top);
  const right = Math.min(frame.width, box.left + box.width);
  const bottom = Math.min(frame.height, box.top + box.height);
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : undefined;
}

function union(boxes: Box[]): Box {
  const left = Math.min(...boxes.map((box) => box.left));
  const top = Math.min(...boxes.map((box) => box.top));
  const right = Math.max(...boxes.map((box) => box.left + box.width));
  const bottom = Math.max(...boxes.map((box) => box.top + box.height));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The output frames in [from, to): the source's frames land at n/fps - trimStart on the output
 * timeline (accurate seek), so an animation is drawn for the very times its frames are shown.
 */
export function frameTimesIn(from: number, to: number, timing: { fps: number; trimStart: number }): number[] {
  const step = 1 / timing.fps;
  const phase = (((-timing.trimStart % step) + step) % step);
  const times: number[] = [];
  for (let n = Math.ceil((from - phase) / step - 1e-6); phase + n * step < to - 1e-6; n++) times.push(phase + n * step);
  return times;
}

export interface TextImageOptions {
  frame: Frame;
  /** The rate animations are drawn at (the output's, at most MAX_ANIMATION_FPS) and the trim's In point (see frameTimesIn). */
  timing: { fps: number; trimStart: number };
  /** The output's length in seconds. */
  duration: number;
  watermark: boolean;
  workDir: string;
}

/**
 * The pictures that put an edit's text on the video, bottom to top: per overlay its entrance frames,
 * its steady state (one still) and its exit frames, then the watermark. Measuring only, nothing is
 * drawn or written here (rasterizeTextImages does that).
 */
export function planTextImages(editorState: EditorState, options: TextImageOptions): TextImage[] {
  registerCanvasFonts();
  const { frame, timing, duration, workDir } = options;
  const ctx = createCanvas(1, 1).getContext('2d');
  const images: TextImage[] = [];
  editorState.textOverlays.forEach((overlay, index) => {
    const from = Math.max(0, overlay.start);
    const to = Math.min(duration, overlay.end);
    if (!(to > from)) return;
    const layout = layoutOverlay(ctx, overlay, frame);
    const ink = overlayInkBox(ctx, layout, overlayPaint(overlay));
    if (ink.width <= 0) return;
    const seconds = animationSeconds(overlay);
    const draw = (target: TextDrawingContext, t: number) => drawOverlay(target, overlay, frame, t, layout, layers);
    const name = (part: string) => path.join(workDir, `overlay-${index + 1}-${part}`);
    const animation = (part: string, start: number, end: number): void => {
      const frameTimes = frameTimesIn(Math.max(from, start), Math.min(to, end), timing);
      if (frameTimes.length === 0) return;
      const boxes = frameTimes.map((t) => appearanceBox(ink, layout, overlayAppearance(overlay, t), frame));
      const box = clipToFrame(union(boxes), frame);
      if (box) images.push({ file: name(`${part}-%04d.png`), box, from: start, to: end, frameTimes, draw });
    };
    if (seconds.enter > 0) animation('enter', overlay.start, overlay.start + seconds.enter);
    const steadyFrom = overlay.start + seconds.enter;
    const steadyTo = overlay.end - seconds.exit;
    const stillBox = clipToFrame(ink, frame);
    if (steadyTo - steadyFrom > 1e-6 && stillBox) {
      images.push({
        file: name('still.png'),
        box: stillBox,
        from: steadyFrom,
        to: steadyTo,
        draw: (target) => paintLayout(target, layout, overlayPaint(overlay), { opacity: 1, scale: 1, offsetY: 0, revealed: 1 }, frame, layers),
      });
    }
    if (seconds.exit > 0) animation('exit', overlay.end - seconds.exit, overlay.end);
  });
  if (options.watermark) {
    const layout = watermarkLayout(ctx, frame);
    const box = clipToFrame(overlayInkBox(ctx, layout, WATERMARK_PAINT), frame);
    if (box) {
      images.push({ file: path.join(workDir, 'watermark.png'), box, from: 0, to: duration, draw: (target) => drawWatermark(target, frame, layers) });
    }
  }
  return images;
}

/** The PNG of one frame of an image: the text as it is at `t`, on a transparent canvas the size of its box. */
async function rasterize(image: TextImage, t: number): Promise<Buffer> {
  const canvas = createCanvas(image.box.width, image.box.height);
  const ctx = canvas.getContext('2d');
  ctx.translate(-image.box.left, -image.box.top);
  image.draw(ctx, t);
  return canvas.encode('png');
}

/**
 * Draws and writes every PNG the plan names. Drawing is synchronous Skia work on this thread, encoding
 * runs on the thread pool a few at a time; an abort stops between frames.
 */
export async function rasterizeTextImages(images: TextImage[], signal?: AbortSignal): Promise<void> {
  const jobs = images.flatMap((image) =>
    image.frameTimes
      ? image.frameTimes.map((t, index) => ({ image, t, file: image.file.replace('%04d', String(index).padStart(4, '0')) }))
      : [{ image, t: image.from, file: image.file }],
  );
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      signal?.throwIfAborted();
      const job = jobs[next++]!;
      await fs.writeFile(job.file, await rasterize(job.image, job.t));
    }
  };
  await Promise.all(Array.from({ length: ENCODES_IN_FLIGHT }, worker));
}
