import { describe, expect, it } from 'vitest';
import type { TransitionKind } from './editor-constants.ts';
import { type TimedShot, frameAt, layoutSequence, outputTimeOf, transitionSeconds } from './time-map.ts';

const shot = (from: number, to: number, kind: TransitionKind = 'cut', duration = 0.5): TimedShot => ({ in: from, out: to, transition: { kind, duration } });

describe('the sequence clock', () => {
  it('lays cut shots end to end: the output lasts the sum of their cuts', () => {
    const layout = layoutSequence([shot(1, 5), shot(0, 3), shot(2, 4)]);
    expect(layout.spans.map(({ start, end }) => [start, end])).toEqual([[0, 4], [4, 7], [7, 9]]);
    expect(layout.duration).toBe(9);
  });

  it('overlaps the shots on either side of a transition by its length, so the output is that much shorter', () => {
    const layout = layoutSequence([shot(0, 8), shot(0, 6, 'crossfade', 1), shot(0, 4, 'fade-black', 0.5)]);
    expect(layout.spans.map(({ start, end, transitionIn }) => [start, end, transitionIn])).toEqual([[0, 8, 0], [7, 13, 1], [12.5, 16.5, 0.5]]);
    expect(layout.duration).toBe(8 + 6 + 4 - 1 - 0.5);
  });

  it('ignores the first shot’s transition, and keeps every other within 0.2–2 s and half of either neighbour', () => {
    const shots = [shot(0, 4, 'zoom', 1), shot(0, 1, 'crossfade', 2), shot(0, 10, 'slide-left', 5), shot(0, 10, 'slide-up', 0.05)];
    expect(shots.map((_, index) => transitionSeconds(shots, index))).toEqual([0, 0.5, 0.5, 0.2]);
    // Both transitions of the 1 s shot fit in it, one after the other.
    const middle = layoutSequence(shots).spans[1]!;
    expect(middle.end - middle.start).toBe(1);
  });

  it('shows one shot at a time between joints, at the matching second of its source', () => {
    const layout = layoutSequence([shot(1, 5), shot(10, 13)]);
    expect(frameAt(layout, 0)).toEqual({ shot: { index: 0, sourceTime: 1 } });
    expect(frameAt(layout, 2.5)).toEqual({ shot: { index: 0, sourceTime: 3.5 } });
    // A cut: the joint is the next shot's first frame.
    expect(frameAt(layout, 4)).toEqual({ shot: { index: 1, sourceTime: 10 } });
    expect(frameAt(layout, 6)).toEqual({ shot: { index: 1, sourceTime: 12 } });
    // Past either end: the first or the last frame.
    expect(frameAt(layout, -1)).toEqual({ shot: { index: 0, sourceTime: 1 } });
    expect(frameAt(layout, 99)).toEqual({ shot: { index: 1, sourceTime: 13 } });
  });

  it('shows both shots during a transition, with its progress from 0 to 1', () => {
    const layout = layoutSequence([shot(0, 4), shot(2, 6, 'crossfade', 1)]);
    expect(frameAt(layout, 3)).toEqual({ shot: { index: 1, sourceTime: 2 }, outgoing: { index: 0, sourceTime: 3, kind: 'crossfade', progress: 0 } });
    expect(frameAt(layout, 3.5)).toEqual({ shot: { index: 1, sourceTime: 2.5 }, outgoing: { index: 0, sourceTime: 3.5, kind: 'crossfade', progress: 0.5 } });
    expect(frameAt(layout, 4)).toEqual({ shot: { index: 1, sourceTime: 3 } });
  });

  it('maps a second of a shot’s source back to the output, the inverse of frameAt', () => {
    const layout = layoutSequence([shot(0, 4), shot(2, 6, 'crossfade', 1), shot(0, 3)]);
    for (const time of [0, 1.25, 3.5, 4.75, 6.9, 7, 8.5, 10]) {
      const { shot: shown } = frameAt(layout, time)!;
      expect(outputTimeOf(layout, shown.index, shown.sourceTime)).toBeCloseTo(time, 9);
    }
    expect(outputTimeOf(layout, 1, 100)).toBe(7);
    expect(() => outputTimeOf(layout, 3, 0)).toThrow(RangeError);
  });

  it('has nothing to show for an empty sequence, which lasts 0 s', () => {
    expect(layoutSequence([])).toEqual({ spans: [], duration: 0 });
    expect(frameAt(layoutSequence([]), 0)).toBeUndefined();
  });
});
