import { createCanvas } from '@napi-rs/canvas';
import fs from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { heardCaptions } from '../../../shared/captions/voice-captions.ts';
import type { EditorState } from '../../../shared/editor/editor-state.ts';
import {
  WATERMARK_PAINT,
  appearanceBox,
  clipToFrame,
  drawOverlay,
  drawWatermark,
  overlayInkBox,
  overlayPaint,
  watermarkLayout,
} from '../../../shared/editor/text/draw-overlay.ts';
import { animationSeconds, overlayAppearance } from '../../../shared/editor/text/overlay-animation.ts';
import { type Box, type Frame, layoutOverlay } from '../../../shared/editor/text/overlay-layout.ts';
import type { LayerFactory, TextDrawingContext } from '../../../shared/editor/text/text-context.ts';
import { runWorker } from '../worker-thread.ts';
import { planCaptionImage } from './caption-images.ts';
import { registerCanvasFonts } from './canvas-fonts.ts';

/** Animation frames are drawn at the output's frame rate, at most this many a second. */
export const MAX_ANIMATION_FPS = 60;
/**
 * The most pictures one export draws (each at most a frame, of at most MAX_OVERLAY_TEXT characters): past
 * it the animations are drawn at a lower rate (planTextImages). Ten overlays each entering and leaving in
 * 0.5 s at 60 fps fit; the schema's fifty overlays with 3 s animations would otherwise be 18,000.
 */
export const MAX_TEXT_PICTURES = 1200;
/** PNG encodes in flight at once (they run on libuv's thread pool, off the job's event loop). */
const ENCODES_IN_FLIGHT = 4;

/**
 * The text of one overlay (or the watermark) as numbered PNGs, all cropped to the same box: its
 * entrance one per output frame, its steady state once, its exit one per output frame. ffmpeg keeps
 * showing a picture until the next one starts, so the steady state is decoded once however long it
 * stays. Shown on the output timeline in [from, to).
 */
export interface TextImage {
  /** The image2 pattern of its PNGs (`…-%04d.png`, numbered from 0). */
  file: string;
  /** Where it lies on the frame, whole pixels, inside the frame. */
  box: Box;
  from: number;
  to: number;
  /** In order: the time each picture is drawn for, and the output time from which it is shown. */
  pictures: Array<{ drawnFor: number; shownFrom: number }>;
  /** Draws the text (on a context whose origin is the frame's top-left) as it is at time t. */
  draw: (ctx: TextDrawingContext, t: number) => void;
}

const layers: LayerFactory = (width, height) => {
  const canvas = createCanvas(width, height);
  return { ctx: canvas.getContext('2d'), image: canvas };
};

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
function frameTimesIn(from: number, to: number, timing: { fps: number; trimStart: number }): number[] {
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
  /** Whether the edit's captions are burned in (the export setting; absent: no). */
  captions?: boolean;
  workDir: string;
}

/**
 * The pictures of one overlay: a picture per output frame while it moves, one for its steady state.
 * Each is shown from half a frame before the frame it was drawn for, so whichever frame ffmpeg decodes
 * at each moment, it shows the picture drawn nearest to it; the first is there from the overlay's start.
 */
function overlayPictures(
  overlay: EditorState['textOverlays'][number],
  shown: { from: number; to: number },
  timing: TextImageOptions['timing'],
): TextImage['pictures'] {
  const seconds = animationSeconds(overlay);
  const steadyFrom = overlay.start + seconds.enter;
  const steadyTo = overlay.end - seconds.exit;
  const times = frameTimesIn(shown.from, shown.to, timing);
  const half = 0.5 / timing.fps;
  const pictures: TextImage['pictures'] = [];
  let steadyDrawn = false;
  for (const t of times) {
    const steady = t >= steadyFrom && t < steadyTo;
    if (steady && steadyDrawn) continue;
    steadyDrawn ||= steady;
    pictures.push({ drawnFor: t, shownFrom: pictures.length === 0 ? Math.min(shown.from, t - half) : t - half });
  }
  return pictures;
}

function shownSpan(overlay: EditorState['textOverlays'][number], duration: number): { from: number; to: number } {
  return { from: Math.max(0, overlay.start), to: Math.min(duration, overlay.end) };
}

/** The drawing rate: the output's, halved until the edit's pictures fit MAX_TEXT_PICTURES (counting costs no drawing). */
function cappedTiming(overlays: EditorState['textOverlays'], options: TextImageOptions): TextImageOptions['timing'] {
  const { duration, timing } = options;
  const watermark = options.watermark ? 1 : 0;
  const count = (fps: number) =>
    overlays.reduce((sum, overlay) => sum + overlayPictures(overlay, shownSpan(overlay, duration), { ...timing, fps }).length, watermark);
  let fps = timing.fps;
  while (fps > 1 && count(fps) > MAX_TEXT_PICTURES) fps /= 2;
  return { ...timing, fps };
}

/**
 * The pictures that put an edit's text on the video, bottom to top: one TextImage per overlay, the
 * captions (caption-images.ts: one image, a picture per change), then the watermark. Measuring only, nothing is drawn or written here (rasterizeTextImages does that).
 */
export function planTextImages(editorState: EditorState, options: TextImageOptions): TextImage[] {
  registerCanvasFonts();
  const { frame, duration, workDir } = options;
  const timing = cappedTiming(editorState.textOverlays, options);
  const ctx = createCanvas(1, 1).getContext('2d');
  const images: TextImage[] = [];
  editorState.textOverlays.forEach((overlay, index) => {
    const shown = shownSpan(overlay, duration);
    const layout = layoutOverlay(ctx, overlay, frame);
    const ink = overlayInkBox(ctx, layout, overlayPaint(overlay));
    const pictures = overlayPictures(overlay, shown, timing);
    if (ink.width <= 0 || pictures.length === 0) return;
    const boxes = pictures.map(({ drawnFor }) => appearanceBox(ink, layout, overlayAppearance(overlay, drawnFor), frame));
    const box = clipToFrame(union(boxes), frame);
    if (!box) return;
    images.push({
      file: path.join(workDir, `overlay-${index + 1}-%04d.png`),
      box,
      ...shown,
      pictures,
      draw: (target, t) => drawOverlay(target, overlay, frame, t, layers, layout),
    });
  });
  const heard = options.captions ? heardCaptions(editorState) : null;
  if (heard) {
    const captions = planCaptionImage(ctx, heard, {
      frame,
      fps: options.timing.fps,
      duration,
      workDir,
      frameTimesIn: (from, to) => frameTimesIn(from, to, options.timing),
    });
    if (captions) images.push(captions);
  }
  if (options.watermark) {
    const layout = watermarkLayout(ctx, frame);
    const box = clipToFrame(overlayInkBox(ctx, layout, WATERMARK_PAINT), frame);
    if (box) {
      images.push({
        file: path.join(workDir, 'watermark-%04d.png'),
        box,
        from: 0,
        to: duration,
        pictures: [{ drawnFor: 0, shownFrom: 0 }],
        draw: (target) => drawWatermark(target, frame, layers, layout),
      });
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
 * Draws and writes every PNG the plan names. Drawing is synchronous Skia work on the calling thread
 * (drawTextImages moves it off the event loop), encoding runs on the thread pool a few at a time; an abort
 * stops between frames.
 */
export async function rasterizeTextImages(images: TextImage[], signal?: AbortSignal): Promise<void> {
  const jobs = images.flatMap((image) =>
    image.pictures.map(({ drawnFor }, index) => ({ image, t: drawnFor, file: image.file.replace('%04d', String(index).padStart(4, '0')) })),
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

/** Up to this many pictures are drawn on the calling thread: a watermark and a few still captions take milliseconds, less than starting a thread. */
const DRAWN_IN_PLACE = 4;

/**
 * Draws the plan's pictures (`images`, planned from `editorState` and `options`): a few in place, more on a
 * worker thread (text-images-worker.ts, which plans the same pictures again), so animated text at 4K never
 * holds this process's event loop. Resolves with the id of the thread that drew them.
 */
export async function drawTextImages(
  images: TextImage[],
  plan: { editorState: EditorState; options: TextImageOptions },
  signal?: AbortSignal,
): Promise<{ threadId: number }> {
  const pictures = images.reduce((sum, image) => sum + image.pictures.length, 0);
  if (pictures <= DRAWN_IN_PLACE) {
    await rasterizeTextImages(images, signal);
    return { threadId };
  }
  return runWorker(import.meta.url, 'text-images-worker', plan, signal);
}
