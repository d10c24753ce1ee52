/**
 * The output's frames as the export's text is planned on them: the source's frames land at phase + n/fps on the
 * output timeline (n/fps - trimStart with an accurate seek), so an animation is drawn for the very times its frames
 * are shown. Frames are named by their index n, so a plan jumps to the frame where something changes instead of
 * walking every frame of the output (issue 42: a long output's frames times its captions froze the server).
 */
export interface FrameGrid {
  fps: number;
  /** When frame n is shown. */
  time(n: number): number;
  /** The frames in [from, to) as a range of indices [first, end); a frame a millionth of a second before `from` or `to` counts as at it. */
  span(from: number, to: number): { first: number; end: number };
  /** The first frame shown at or after `t`, exactly (time(n) >= t). */
  firstAtOrAfter(t: number): number;
}

export function frameGrid(timing: { fps: number; trimStart: number }): FrameGrid {
  const step = 1 / timing.fps;
  const phase = ((-timing.trimStart % step) + step) % step;
  const time = (n: number) => phase + n * step;
  return {
    fps: timing.fps,
    time,
    span(from, to) {
      const first = Math.ceil((from - phase) / step - 1e-6);
      let end = Math.max(first, Math.ceil((to - 1e-6 - phase) / step));
      while (end > first && time(end - 1) >= to - 1e-6) end -= 1;
      while (time(end) < to - 1e-6) end += 1;
      return { first, end };
    },
    firstAtOrAfter(t) {
      let n = Math.ceil((t - phase) / step);
      while (time(n - 1) >= t) n -= 1;
      while (time(n) < t) n += 1;
      return n;
    },
  };
}
