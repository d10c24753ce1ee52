import path from 'node:path';
import { type CaptionLine, type CaptionTrack, POP_SECONDS, lineSpan, spokenWordIndex } from '../../../shared/captions/caption-track.ts';
import { drawCaptions, layoutCaption } from '../../../shared/captions/draw-captions.ts';
import { clipToFrame } from '../../../shared/editor/text/draw-overlay.ts';
import type { Box, Frame } from '../../../shared/editor/text/overlay-layout.ts';
import type { TextDrawingContext } from '../../../shared/editor/text/text-context.ts';
import type { FrameGrid } from './frame-grid.ts';
import type { TextImage } from './text-image.ts';

/**
 * The most caption pictures one export draws: a 148 s edit of 400 words in the karaoke look is about 530 (one per
 * word, one per gap between lines); the pop look adds a picture per frame of each word's 0.12 s scale-in, and past
 * this bound a pop is drawn as two pictures (started, done) instead.
 */
const MAX_CAPTION_PICTURES = 2400;

/**
 * Which line is on screen at each of a rising run of times (lineAt's answer: the later line where two touch), in
 * time proportional to the lines and the times rather than their product: the lines that have started wait in a
 * heap by index, and one whose span has ended leaves it when it comes to the top (times only rise).
 */
function lineFinder(lines: readonly CaptionLine[]): (t: number) => number | undefined {
  const spans = lines.map((_, index) => lineSpan(lines, index));
  const byStart = spans.map((_, index) => index).sort((a, b) => spans[a]!.start - spans[b]!.start);
  const heap: number[] = [];
  const push = (index: number) => {
    let at = heap.push(index) - 1;
    while (at > 0 && heap[(at - 1) >> 1]! < heap[at]!) {
      const parent = (at - 1) >> 1;
      [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
      at = parent;
    }
  };
  const pop = () => {
    const last = heap.pop()!;
    if (heap.length === 0) return;
    heap[0] = last;
    for (let at = 0; ; ) {
      const [left, right] = [2 * at + 1, 2 * at + 2];
      let top = at;
      if (left < heap.length && heap[left]! > heap[top]!) top = left;
      if (right < heap.length && heap[right]! > heap[top]!) top = right;
      if (top === at) return;
      [heap[at], heap[top]] = [heap[top]!, heap[at]!];
      at = top;
    }
  };
  let started = 0;
  return (t) => {
    while (started < byStart.length && spans[byStart[started]!]!.start <= t) push(byStart[started++]!);
    while (heap.length > 0 && !(t < spans[heap[0]!]!.end)) pop();
    return heap[0];
  };
}

/**
 * What the captions show at `t` (the line at `t` is `index`), as a key: the line, its spoken word and, in the pop
 * look, how far each word that is still scaling in has got (in `popSteps` steps). Two times with one key draw the
 * same picture.
 */
function captionState(track: CaptionTrack, index: number | undefined, t: number, popSteps: number): string {
  const line = index === undefined ? undefined : track.lines[index];
  if (!line) return 'none';
  const spoken = spokenWordIndex(line, t);
  const look = track.style.look;
  if (look === 'word' && spoken < 0) return 'none';
  if (look === 'plain') return String(index);
  if (look !== 'pop') return `${String(index)}:${String(spoken)}`;
  const popping = line.words
    .slice(0, spoken + 1)
    .map((word) => Math.min(popSteps, Math.floor(((t - word.start) / POP_SECONDS) * popSteps)))
    .filter((step) => step < popSteps);
  return `${String(index)}:${String(spoken)}:${popping.join(',')}`;
}

/**
 * The frames where what the captions show may change, in order, within the frames [first, end): the first, the
 * first frame at or after each line's start and end and each word's start, and each frame of a word's pop (the pop
 * look). Between two of them nothing changes, so the plan looks at these only, not at every frame of the output.
 */
function changeFrames(track: CaptionTrack, grid: FrameGrid, first: number, end: number): number[] {
  const frames = [first];
  const at = (t: number) => frames.push(grid.firstAtOrAfter(t));
  track.lines.forEach((line, index) => {
    const span = lineSpan(track.lines, index);
    at(span.start);
    at(span.end);
    for (const word of line.words) {
      at(word.start);
      if (track.style.look !== 'pop') continue;
      const popEnd = grid.firstAtOrAfter(word.start + POP_SECONDS) + 1;
      for (let n = grid.firstAtOrAfter(word.start) + 1; n <= popEnd; n++) frames.push(n);
    }
  });
  return [...new Set(frames.filter((n) => n >= first && n < end))].sort((a, b) => a - b);
}

/**
 * A picture at each frame where what the captions show changes (drawn for that frame's time, shown from half a
 * frame before it, as overlays' animation frames are), the first from `from`.
 */
function captionPictures(track: CaptionTrack, grid: FrameGrid, frames: number[], from: number, popSteps: number): TextImage['pictures'] {
  const half = 0.5 / grid.fps;
  const lineAtTime = lineFinder(track.lines);
  const pictures: TextImage['pictures'] = [];
  let last: string | undefined;
  for (const n of frames) {
    const t = grid.time(n);
    const state = captionState(track, lineAtTime(t), t, popSteps);
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
 * `grid` is the output's frames. Undefined when no line is on the output.
 */
export function planCaptionImage(
  ctx: TextDrawingContext,
  track: CaptionTrack,
  options: { frame: Frame; grid: FrameGrid; duration: number; workDir: string },
): TextImage | undefined {
  const { frame, grid, duration } = options;
  if (track.lines.length === 0) return undefined;
  const from = Math.max(0, lineSpan(track.lines, 0).start);
  const to = Math.min(duration, Math.max(...track.lines.map((_, index) => lineSpan(track.lines, index).end)));
  if (!(to > from)) return undefined;
  const box = captionBox(ctx, track, frame);
  if (!box) return undefined;
  const { first, end } = grid.span(from, to);
  const frames = changeFrames(track, grid, first, end);
  let pictures = captionPictures(track, grid, frames, from, Math.max(1, Math.ceil(POP_SECONDS * grid.fps)));
  if (pictures.length > MAX_CAPTION_PICTURES) pictures = captionPictures(track, grid, frames, from, 1);
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
