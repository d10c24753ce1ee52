import { describe, expect, it } from 'vitest';
import { layoutSequence } from '@shared/editor/time-map';
import { shotTiles } from './shot-tiles';

describe('the video lane’s tiles', () => {
  it('cover the output once, the joint at each transition’s middle', () => {
    const layout = layoutSequence([
      { in: 1, out: 4, transition: { kind: 'cut', duration: 0.5 } },
      { in: 0, out: 2, transition: { kind: 'crossfade', duration: 1 } },
      { in: 5, out: 8, transition: { kind: 'cut', duration: 0.5 } },
    ]);
    const tiles = shotTiles(layout);
    expect(tiles.map(({ start, end, sourceFrom }) => [start, end, sourceFrom])).toEqual([
      [0, 2.5, 1],
      [2.5, 4, 0.5],
      [4, 7, 5],
    ]);
    expect(tiles.at(-1)?.end).toBe(layout.duration);
  });
});
