import { FINGER_PX } from './timeline-model';

/**
 * Where a caption word's grips sit on a touch screen, as left offsets (px) from the word's start: a finger's width
 * outside each edge, so a word a few pixels wide can be timed by thumb and neither grip covers it; at the timeline's
 * ends they stay on it, reaching into the word. `start`, `end` and `timeline` are px on the timeline's content.
 */
export function captionGrips(start: number, end: number, timeline: number): { start: number; end: number } {
  return {
    start: -Math.min(FINGER_PX, start),
    end: end - start - Math.max(0, FINGER_PX - (timeline - end)),
  };
}
