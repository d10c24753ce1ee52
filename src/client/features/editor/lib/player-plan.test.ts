import { describe, expect, it } from 'vitest';
import { layoutSequence, type TimedShot } from '@shared/editor/time-map';
import { mountedShotIds, playerPlan, transitionLooks, type LayerLook } from './player-plan';

const cut = { kind: 'cut', duration: 0.5 } as const;
const shots: TimedShot[] = [
  { in: 1, out: 4, transition: cut },
  { in: 0, out: 2, transition: { kind: 'crossfade', duration: 1 } },
  { in: 5, out: 8, transition: cut },
];
const layout = layoutSequence(shots);

/** The brightness the frame shows where the outgoing frame is `a` and the incoming `b`: the incoming layer over the outgoing one over black. */
function composite(outgoing: LayerLook, incoming: LayerLook, a: number, b: number): number {
  return b * incoming.opacity + a * outgoing.opacity * (1 - incoming.opacity);
}

describe('the player plan', () => {
  it('shows the shot at the playhead from its own source time, and readies the next on its first frame', () => {
    expect(playerPlan(layout, 0.5)).toEqual([
      { index: 0, role: 'shown', sourceTime: 1.5, look: { opacity: 1, transform: 'none', gain: 1 } },
      { index: 1, role: 'next', sourceTime: 0, look: { opacity: 0, transform: 'none', gain: 0 } },
    ]);
    // The last shot has nothing after it.
    expect(playerPlan(layout, 5.5).map((plan) => [plan.index, plan.role, plan.sourceTime])).toEqual([[2, 'shown', 6.5]]);
  });

  it('draws both shots of a transition, halfway at its middle', () => {
    // Shot 2 comes in over the last second of shot 1 (output 2 to 3).
    const plan = playerPlan(layout, 2.5);
    expect(plan.map((entry) => [entry.index, entry.role, entry.sourceTime])).toEqual([
      [0, 'outgoing', 3.5],
      [1, 'shown', 0.5],
      [2, 'next', 5],
    ]);
    const [outgoing, shown] = plan;
    expect(composite(outgoing!.look, shown!.look, 200, 100)).toBeCloseTo(150);
    expect(outgoing!.look.gain + shown!.look.gain).toBeCloseTo(1);
  });

  it('never moves a mounted video among the others while playback crosses the joints, so none is taken out of the page and paused', () => {
    // Shot 2 comes in through black: the video waiting next must be the very element that plays, left where it is.
    const faded: TimedShot[] = [shots[0]!, { ...shots[1]!, transition: { kind: 'fade-black', duration: 1 } }, shots[2]!];
    const ids = ['a', 'b', 'c'];
    const fadedLayout = layoutSequence(faded);
    let before = mountedShotIds(ids, playerPlan(fadedLayout, 0));
    for (let frame = 1; frame <= Math.round(fadedLayout.duration * 30); frame += 1) {
      const now = mountedShotIds(ids, playerPlan(fadedLayout, frame / 30));
      const kept = now.filter((id) => before.includes(id));
      // The videos that stay keep their order: React inserts the new ones around them and moves none.
      expect(kept, `at frame ${frame}`).toEqual(before.filter((id) => now.includes(id)));
      before = now;
    }
  });

  it('is empty for an empty sequence', () => {
    expect(playerPlan(layoutSequence([]), 1)).toEqual([]);
  });
});

describe('transition looks, as xfade draws them', () => {
  it('fades through black: the outgoing gone before the middle, the incoming at a third of its brightness there', () => {
    const start = transitionLooks('fade-black', 0);
    expect(composite(start.outgoing, start.incoming, 200, 100)).toBeCloseTo(200);
    const middle = transitionLooks('fade-black', 0.5);
    // xfade at P = 0.5: 0.5 * (1 - smoothstep(0.2, 1, 0.5)) = 0.3418 of the incoming frame, none of the outgoing.
    expect(composite(middle.outgoing, middle.incoming, 200, 100)).toBeCloseTo(34.18, 1);
    const end = transitionLooks('fade-black', 1);
    expect(composite(end.outgoing, end.incoming, 200, 100)).toBeCloseTo(100);
  });

  it('slides both frames by the frame’s size', () => {
    expect(transitionLooks('slide-left', 0.25)).toMatchObject({ outgoing: { transform: 'translateX(-25%)' }, incoming: { transform: 'translateX(75%)' } });
    expect(transitionLooks('slide-up', 0.5)).toMatchObject({ outgoing: { transform: 'translateY(-50%)' }, incoming: { transform: 'translateY(50%)' } });
  });

  it('zooms into the outgoing frame in the first half and mixes the incoming in during the second', () => {
    expect(transitionLooks('zoom', 0)).toMatchObject({ outgoing: { transform: 'none' }, incoming: { opacity: 0 } });
    const quarter = transitionLooks('zoom', 0.25);
    expect(quarter.outgoing.transform).toBe('scale(2)');
    expect(quarter.incoming.opacity).toBe(0);
    expect(transitionLooks('zoom', 0.75).incoming.opacity).toBeCloseTo(0.5);
    expect(transitionLooks('zoom', 1).incoming.opacity).toBe(1);
  });
});
