import { describe, expect, it } from 'vitest';
import { rulerTicks, snapEdge, snapMove, tickLabel, zoomedScrollLeft } from './timeline-scale';

describe('rulerTicks', () => {
  it('labels whole seconds when a second is wide enough, with marks between', () => {
    const ticks = rulerTicks(4, 60);
    expect(ticks.filter((tick) => tick.label).map((tick) => tick.label)).toEqual(['0:00', '0:01', '0:02', '0:03', '0:04']);
    expect(ticks).toHaveLength(21);
  });

  it('labels fewer ticks zoomed out and tenths zoomed in', () => {
    expect(rulerTicks(60, 5).filter((tick) => tick.label).map((tick) => tick.time)).toEqual([0, 15, 30, 45, 60]);
    expect(rulerTicks(1, 600).filter((tick) => tick.label).map((tick) => tick.label)).toEqual(['0:00.0', '0:00.1', '0:00.2', '0:00.3', '0:00.4', '0:00.5', '0:00.6', '0:00.7', '0:00.8', '0:00.9', '0:01.0']);
  });

  it('has no ticks for an empty clip', () => {
    expect(rulerTicks(0, 50)).toEqual([]);
  });

  it('writes minutes past the first', () => {
    expect(tickLabel(75, 15)).toBe('1:15');
    expect(tickLabel(61.5, 0.5)).toBe('1:01.5');
  });
});

describe('snapping', () => {
  const targets = [0, 2, 5];

  it('moves a bar so whichever edge is closer to a target lands on it', () => {
    expect(snapMove(1, 3, 0.95, targets, 0.1)).toBeCloseTo(2);
    expect(snapMove(1, 3, 1.94, targets, 0.1)).toBeCloseTo(3);
    expect(snapMove(1, 3, 0.5, targets, 0.1)).toBeCloseTo(1.5);
  });

  it('snaps an edge only within the threshold', () => {
    expect(snapEdge(4.93, targets, 0.1)).toBe(5);
    expect(snapEdge(4.8, targets, 0.1)).toBe(4.8);
  });
});

describe('zoomedScrollLeft', () => {
  // A 10 s output in a 300 px view, zoomed to 100 px a second: 1000 px of content.
  const view = { pxPerSecond: 100, viewWidth: 300, contentWidth: 1000, margin: 24 };
  /** Where the playhead lands in the view. */
  const shown = (scrollLeft: number, playhead: number) => playhead * view.pxPerSecond - scrollLeft;

  it('keeps the anchor where it was on screen', () => {
    expect(zoomedScrollLeft({ ...view, anchor: 5, offset: 120, playhead: 5 })).toBe(380);
    expect(zoomedScrollLeft({ ...view, anchor: 4, offset: 150, playhead: 5 })).toBe(250);
  });

  it('moves the view just enough to keep the playhead in it when zooming at a pointer far from it', () => {
    // Zoomed in at the view's left edge (0 s) with the playhead at 8 s: it would be 800 px off to the right.
    const right = zoomedScrollLeft({ ...view, anchor: 0, offset: 0, playhead: 8 });
    expect(shown(right, 8)).toBe(view.viewWidth - view.margin);
    // And at the right edge with the playhead at 1 s.
    const left = zoomedScrollLeft({ ...view, anchor: 9, offset: 300, playhead: 1 });
    expect(shown(left, 1)).toBe(view.margin);
  });

  it('never scrolls past the content', () => {
    expect(zoomedScrollLeft({ ...view, anchor: 0.1, offset: 200, playhead: 0.1 })).toBe(0);
    expect(zoomedScrollLeft({ ...view, anchor: 9.9, offset: 10, playhead: 9.9 })).toBe(700);
  });
});
