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
import type { LayerFactory } from '../../../shared/editor/text/text-context.ts';
import { runWorker } from '../worker-thread.ts';
import { planCaptionImage } from './caption-images.ts';
import { frameGrid } from './frame-grid.ts';
import { registerCanvasFonts } from './canvas-fonts.ts';
import type { TextImage } from './text-image.ts';

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

export interface TextImageOptions {
  frame: Frame;
  /** The rate animations are drawn at (the output's, at most MAX_ANIMATION_FPS) and the trim's In point (see frame-grid.ts). */
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
 * Only the frames of its entrance and exit are visited, however long it stays.
 */
function overlayPictures(
  overlay: EditorState['textOverlays'][number],
  shown: { from: number; to: number },
  timing: TextImageOptions['timing'],
): TextImage['pictures'] {
  const seconds = animationSeconds(overlay);
  const steadyFrom = overlay.start + seconds.enter;
  const steadyTo = overlay.end - seconds.exit;
  const grid = frameGrid(timing);
  const { first, end } = grid.span(shown.from, shown.to);
  const half = 0.5 / timing.fps;
  const pictures: TextImage['pictures'] = [];
  const push = (t: number) => pictures.push({ drawnFor: t, shownFrom: pictures.length === 0 ? Math.min(shown.from, t - half) : t - half });
  let n = first;
  for (; n < end && grid.time(n) < steadyFrom; n++) push(grid.time(n));
  if (n < end && grid.time(n) < steadyTo) push(grid.time(n));
  for (n = Math.max(n, grid.firstAtOrAfter(steadyTo)); n < end; n++) push(grid.time(n));
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
      grid: frameGrid(options.timing),
      duration,
      workDir,
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

/** Up to this many pictures are drawn on the calling thread: a watermark and a few still texts take milliseconds, less than starting a thread. */
const DRAWN_IN_PLACE = 4;

/** Where and when a planned image's pictures are shown, without its drawing: what ffmpeg's graph needs, and what a worker thread can post back. */
export type PlacedTextImage = Omit<TextImage, 'draw'>;

export function placed(images: TextImage[]): PlacedTextImage[] {
  return images.map(({ draw: _draw, ...rest }) => rest);
}

/**
 * Whether an edit's text is few enough to plan on the calling thread: no burned-in captions and at most
 * DRAWN_IN_PLACE overlays (a plan of those visits only their animations' frames). Anything more is planned on the
 * worker thread that draws it, so a long edit full of captions and overlays never holds the event loop (issue 42).
 */
function plannedInPlace({ editorState, options }: { editorState: EditorState; options: TextImageOptions }): boolean {
  const captions = options.captions === true && (editorState.captions?.lines.length ?? 0) > 0;
  return !captions && editorState.textOverlays.length <= DRAWN_IN_PLACE;
}

/**
 * Plans and draws an edit's text pictures (planTextImages, then rasterizeTextImages), and answers the plan for
 * ffmpeg's graph. A few pictures are planned and drawn in place; more, or a plan that may be large, on a worker
 * thread (text-images-worker.ts), so neither the plan nor animated text at 4K holds this process's event loop.
 * Resolves with the plan and the id of the thread that drew it.
 */
export async function drawTextImages(
  plan: { editorState: EditorState; options: TextImageOptions },
  signal?: AbortSignal,
): Promise<{ images: PlacedTextImage[]; threadId: number }> {
  if (plannedInPlace(plan)) {
    const images = planTextImages(plan.editorState, plan.options);
    if (images.reduce((sum, image) => sum + image.pictures.length, 0) <= DRAWN_IN_PLACE) {
      await rasterizeTextImages(images, signal);
      return { images: placed(images), threadId };
    }
  }
  return runWorker(import.meta.url, 'text-images-worker', plan, signal);
}
