import { describe, expect, it } from 'vitest';
import { MAX_SHOTS } from './editor-constants.ts';
import { newShot, type Shot } from './editor-state.ts';
import { duplicateShot, insertShot, moveShot, removeShot, setTransition, splitShot, trimShot } from './shot-edits.ts';
import { layoutSequence } from './time-map.ts';

const shot = (id: string, from: number, to: number, transition: Shot['transition'] = { kind: 'cut', duration: 0.5 }): Shot => ({
  ...newShot(id, `media-${id}`, 10),
  in: from,
  out: to,
  transition,
});
const ids = (shots: Shot[] | null) => shots?.map((one) => one.id);

describe('the video lane’s edits', () => {
  const shots = [shot('a', 1, 5), shot('b', 0, 4, { kind: 'crossfade', duration: 1 }), shot('c', 2, 4)];

  it('splits the shot under the playhead at its frame; both pieces cut the same clip, the second coming in with a cut', () => {
    // Output: a 0–4, b 3–7 (crossfade 3–4), c 7–9. At 5 s, b shows its second 2.
    const split = splitShot(shots, 5, 'b2');
    expect(ids(split)).toEqual(['a', 'b', 'b2', 'c']);
    expect(split?.[1]).toMatchObject({ mediaId: 'media-b', in: 0, out: 2, transition: { kind: 'crossfade' } });
    expect(split?.[2]).toMatchObject({ mediaId: 'media-b', in: 2, out: 4, transition: { kind: 'cut' } });
    // The output is as long as before, and every shot plays where it did.
    expect(layoutSequence(split!).duration).toBe(layoutSequence(shots).duration);
    // Nothing to split at a shot's very edge.
    expect(splitShot(shots, 0, 'x')).toBeNull();
    expect(splitShot(shots, 9, 'x')).toBeNull();
  });

  it('removes a shot but never the last, duplicates one right after it, and moves one to a new place', () => {
    expect(ids(removeShot(shots, 'b'))).toEqual(['a', 'c']);
    expect(removeShot([shots[0]!], 'a')).toBeNull();
    expect(removeShot(shots, 'nope')).toBeNull();
    const doubled = duplicateShot(shots, 'b', 'b-copy');
    expect(ids(doubled)).toEqual(['a', 'b', 'b-copy', 'c']);
    expect(doubled?.[2]).toMatchObject({ in: 0, out: 4, transition: { kind: 'cut' } });
    expect(ids(moveShot(shots, 'c', 0))).toEqual(['c', 'a', 'b']);
    expect(ids(moveShot(shots, 'a', 9))).toEqual(['b', 'c', 'a']);
    expect(moveShot(shots, 'a', 0)).toBeNull();
  });

  it('inserts a new shot after a given one, or first; never past MAX_SHOTS, twice under one id, or too short to grab', () => {
    const added = newShot('n', 'media-n', 6);
    expect(ids(insertShot(shots, 0, added))).toEqual(['a', 'n', 'b', 'c']);
    expect(ids(insertShot(shots, 2, added))).toEqual(['a', 'b', 'c', 'n']);
    expect(ids(insertShot(shots, -1, added))).toEqual(['n', 'a', 'b', 'c']);
    // The output grows by the new shot's length: it comes in with a cut.
    expect(layoutSequence(insertShot(shots, 0, added)!).duration).toBe(layoutSequence(shots).duration + 6);
    expect(insertShot(shots, 3, added)).toBeNull();
    expect(insertShot(shots, -2, added)).toBeNull();
    expect(insertShot(shots, 0, { ...added, id: 'b' })).toBeNull();
    expect(insertShot(shots, 0, newShot('n', 'media-n', 0.05))).toBeNull();
    const full = Array.from({ length: MAX_SHOTS }, (_, index) => shot(`s${index}`, 0, 1));
    expect(insertShot(full.slice(1), MAX_SHOTS - 2, added)).toHaveLength(MAX_SHOTS);
    expect(insertShot(full, MAX_SHOTS - 1, added)).toBeNull();
    // Nor does a split or a duplicate make a forty-first.
    expect(splitShot(full, 0.5, 'x')).toBeNull();
    expect(duplicateShot(full, 's0', 'x')).toBeNull();
  });

  it('trims a shot’s edge within its clip, keeping a piece long enough to grab, and the rest ripples', () => {
    const trimmed = trimShot(shots, 'a', 'out', 3, 10);
    expect(trimmed?.[0]).toMatchObject({ in: 1, out: 3 });
    expect(layoutSequence(trimmed!).spans[1]).toMatchObject({ start: 1 });
    expect(trimShot(shots, 'a', 'in', -2, 10)?.[0]).toMatchObject({ in: 0, out: 5 });
    expect(trimShot(shots, 'a', 'out', 30, 8)?.[0]).toMatchObject({ out: 8 });
    expect(trimShot(shots, 'a', 'in', 5, 10)?.[0]).toMatchObject({ in: 4.9, out: 5 });
    expect(trimShot(shots, 'a', 'in', 1, 10)).toBeNull();
  });

  it('sets how a shot comes in, within the transition range; the first shot has none', () => {
    expect(setTransition(shots, 'c', 'slide-left', 5)?.[2]?.transition).toEqual({ kind: 'slide-left', duration: 2 });
    expect(setTransition(shots, 'c', 'zoom', 0)?.[2]?.transition).toEqual({ kind: 'zoom', duration: 0.2 });
    expect(setTransition(shots, 'a', 'crossfade', 1)).toBeNull();
    expect(setTransition(shots, 'b', 'crossfade', 1)).toBeNull();
  });
});
