import type { Box } from '../../../shared/editor/text/overlay-layout.ts';
import type { TextDrawingContext } from '../../../shared/editor/text/text-context.ts';

/**
 * The text of one overlay, the watermark or the captions as numbered PNGs, all cropped to the same box: its
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
