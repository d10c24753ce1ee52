/** Intervals the ruler may tick at, in seconds: each a "round" number a label can show briefly. */
const TICK_INTERVALS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300];
/** Labelled ticks are at least this far apart, so their labels never touch. */
const MIN_LABEL_PX = 56;

export interface RulerTick {
  time: number;
  /** A labelled tick; the others are the short marks between labels. */
  label: string | null;
}

/** The ruler's ticks for a zoom: labels at a round interval that leaves room for them, with four marks between. */
export function rulerTicks(duration: number, pxPerSecond: number): RulerTick[] {
  if (duration <= 0 || pxPerSecond <= 0) return [];
  const interval = TICK_INTERVALS.find((seconds) => seconds * pxPerSecond >= MIN_LABEL_PX) ?? TICK_INTERVALS.at(-1) ?? 60;
  const minor = interval / 5;
  const ticks: RulerTick[] = [];
  const count = Math.floor(duration / minor + 1e-6);
  for (let i = 0; i <= count; i += 1) {
    const time = Number((i * minor).toFixed(4));
    ticks.push({ time, label: i % 5 === 0 ? tickLabel(time, interval) : null });
  }
  return ticks;
}

/** '0:02', or '0:01.5' when the ticks are less than a second apart. */
export function tickLabel(seconds: number, interval: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  const secs = interval < 1 ? rest.toFixed(1).padStart(4, '0') : String(Math.round(rest)).padStart(2, '0');
  return `${minutes}:${secs}`;
}

/** The nearest target within `threshold` of `value`, or null when none is that close. */
function nearestTarget(value: number, targets: readonly number[], threshold: number): number | null {
  let best: number | null = null;
  for (const target of targets) {
    const distance = Math.abs(target - value);
    if (distance <= threshold && (best === null || distance < Math.abs(best - value))) best = target;
  }
  return best;
}

/**
 * A bar moved by `delta` seconds, snapped: whichever of its edges lands closer to a target (within
 * `threshold`) takes the bar there. Returns the new start.
 */
export function snapMove(start: number, end: number, delta: number, targets: readonly number[], threshold: number): number {
  const movedStart = start + delta;
  const movedEnd = end + delta;
  const byStart = nearestTarget(movedStart, targets, threshold);
  const byEnd = nearestTarget(movedEnd, targets, threshold);
  const shiftStart = byStart === null ? Infinity : byStart - movedStart;
  const shiftEnd = byEnd === null ? Infinity : byEnd - movedEnd;
  const shift = Math.abs(shiftStart) <= Math.abs(shiftEnd) ? shiftStart : shiftEnd;
  return Number.isFinite(shift) ? movedStart + shift : movedStart;
}

/** One edge dragged to `value`, snapped to a target within `threshold`. */
export function snapEdge(value: number, targets: readonly number[], threshold: number): number {
  return nearestTarget(value, targets, threshold) ?? value;
}

export interface ZoomView {
  /** The time (seconds) that stays put on screen: under the pointer, or the playhead. */
  anchor: number;
  /** Where `anchor` was, in px from the view's left edge. */
  offset: number;
  playhead: number;
  /** The new scale, and the view and content widths at it. */
  pxPerSecond: number;
  viewWidth: number;
  contentWidth: number;
  /** How far inside the view the playhead is kept. */
  margin: number;
}

/**
 * The timeline's scroll position after a zoom: `anchor` stays where it was on screen, then the view moves as little as
 * it must to keep the playhead `margin` px inside it (a zoom at a pointer far from it would leave it off screen).
 */
export function zoomedScrollLeft({ anchor, offset, playhead, pxPerSecond, viewWidth, contentWidth, margin }: ZoomView): number {
  const inside = Math.min(margin, viewWidth / 2);
  const x = playhead * pxPerSecond;
  const anchored = anchor * pxPerSecond - offset;
  const seen = Math.min(Math.max(anchored, x + inside - viewWidth), x - inside);
  return Math.max(0, Math.min(seen, contentWidth - viewWidth));
}
