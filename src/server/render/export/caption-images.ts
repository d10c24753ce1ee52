import type { TextImage } from './overlay-images.ts';
import path from 'node:path';
import { type CaptionTrack, POP_SECONDS, lineAt, lineSpan, spokenWordIndex } from '../../../shared/captions/caption-track.ts';
import { drawCaptions, layoutCaption } from '../../../shared/captions/draw-captions.ts';
import { clipToFrame } from '../../../shared/editor/text/draw-overlay.ts';
import type { Box, Frame } from '../../../shared/editor/text/overlay-layout.ts';
import type { TextDrawingContext } from '../../../shared/editor/text/text-context.ts';

/**
 * The most caption pictures one export draws: a 148 s edit of 400 words in the karaoke look is about 530 (one per
 * word, one per gap between lines); the pop look adds a picture per frame of each word's 0.12 s scale-in, and past
 * this bound a pop is drawn as two pictures (started, done) instead.
 */
const MAX_CAPTION_PICTURES = 2400;

/**
 * What the captions show at `t`, as a key: the line, its spoken word and, in the pop look, how far each word that
 * is still scaling in has got (in `popSteps` steps). Two times with one key draw the same picture.
 */
function captionState(track: CaptionTrack, t: number, popSteps: number): string {
  const found = lineAt(track.lines, t);
  if (!found) return 'none';
  const spoken = spokenWordIndex(found.line, t);
  const look = track.style.look;
  if (look === 'word' && spoken < 0) return 'none';
  if (look === 'plain') return String(found.index);
  if (look !== 'pop') return `${String(found.index)}:${String(spoken)}`;
  const popping = found.line.words
    .slice(0, spoken + 1)
    .map((word) => Math.min(popSteps, Math.floor(((t - word.start) / POP_SECONDS) * popSteps)))
    .filter((step) => step < popSteps);
  return `${String(found.index)}:${String(spoken)}:${popping.join(',')}`;
}

/**
 * A picture at each frame where what the captions show changes (drawn for that frame's time, shown from half a
 * frame before it, as overlays' animation frames are), the first from `from`. `frameTimes` are the output's frames
 * in [from, to).
 */
function captionPictures(track: CaptionTrack, frameTimes: number[], from: number, fps: number, popSteps: number): TextImage['pictures'] {
  const half = 0.5 / fps;
  const pictures: TextImage['pictures'] = [];
  let last: string | undefined;
  for (const t of frameTimes) {
    const state = captionState(track, t, popSteps);
    if (state === last) continue;
    last = state;
    pictures.push({ drawnFor: t, shownFrom: pictures.length === 0 ? from : t - half });
  }
  return pictures;
}

/** Where any line of the captions can be drawn: every line's rows with room for the outline, the background and glyphs past the line box. */
function captionBox(ctx: TextDrawingContext, track: CaptionTrack, frame: Frame): Box | undefined {
  const { style } = track;
  const groups = style.look === 'word' ? track.lines.flatMap((line) => line.words.map((word) => [word])) : track.lines.map((line) => line.words);
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const words of groups) {
    const layout = layoutCaption(ctx, words, style, frame);
    const margin = 0.5 * layout.fontSize + style.outline.thickness * layout.scale;
    for (const row of layout.rows) {
      left = Math.min(left, row.left - margin);
      top = Math.min(top, row.top - margin);
      right = Math.max(right, row.left + row.width + margin);
      bottom = Math.max(bottom, row.top + layout.lineBox + margin);
    }
  }
  if (!Number.isFinite(left)) return undefined;
  const whole = { left: Math.floor(left), top: Math.floor(top), width: Math.ceil(right) - Math.floor(left), height: Math.ceil(bottom) - Math.floor(top) };
  return clipToFrame(whole, frame);
}

/**
 * The captions burned into the export, planned (nothing drawn here): one image whose pictures are the captions at
 * each change — a word spoken, a line shown or gone, a pop's frames — all cropped to the box any line can cover.
 * `frameTimesIn` answers the output's frame times in a span. Undefined when no line is on the output.
 */
export function planCaptionImage(
  ctx: TextDrawingContext,
  track: CaptionTrack,
  options: { frame: Frame; fps: number; duration: number; workDir: string; frameTimesIn: (from: number, to: number) => number[] },
): TextImage | undefined {
  const { frame, fps, duration } = options;
  if (track.lines.length === 0) return undefined;
  const from = Math.max(0, lineSpan(track.lines, 0).start);
  const to = Math.min(duration, Math.max(...track.lines.map((_, index) => lineSpan(track.lines, index).end)));
  if (!(to > from)) return undefined;
  const box = captionBox(ctx, track, frame);
  if (!box) return undefined;
  const times = options.frameTimesIn(from, to);
  let pictures = captionPictures(track, times, from, fps, Math.max(1, Math.ceil(POP_SECONDS * fps)));
  if (pictures.length > MAX_CAPTION_PICTURES) pictures = captionPictures(track, times, from, fps, 1);
  if (pictures.length === 0) return undefined;
  return {
    file: path.join(options.workDir, 'captions-%04d.png'),
    box,
    from,
    to,
    pictures,
    draw: (target, t) => drawCaptions(target, track, frame, t),
  };
}
