import { describe, expect, it } from 'vitest';
import { newShot } from '@shared/editor/editor-state';
import { trimShot } from '@shared/editor/shot-edits';
import { layoutSequence } from '@shared/editor/time-map';
import { trimTargetIndex } from './trim-target';

// Three 4 s shots: output 0–4, 4–8, 8–12.
const shots = [newShot('shot-1', 'a', 4), newShot('shot-2', 'b', 4), newShot('shot-3', 'c', 4)];

describe('the shot the Trim & Cut panel shows', () => {
  it('stays the shot whose edge is dragged, though the ripple puts another under the playhead', () => {
    const playhead = 7;
    expect(trimTargetIndex(shots, layoutSequence(shots), playhead, null)).toBe(1);
    // Shot 1's Out edge dragged from 4 s to 1 s: the shots after it move 3 s earlier, shot 3 is now under 7 s.
    const trimmed = trimShot(shots, 'shot-1', 'out', 1, 4)!;
    const focus = { shotId: 'shot-1', at: playhead };
    expect(trimTargetIndex(trimmed, layoutSequence(trimmed), playhead, focus)).toBe(0);
  });

  it('follows the playhead once it moves, and when the trimmed shot is gone', () => {
    const focus = { shotId: 'shot-1', at: 7 };
    expect(trimTargetIndex(shots, layoutSequence(shots), 9, focus)).toBe(2);
    const without = shots.slice(1);
    expect(trimTargetIndex(without, layoutSequence(without), 7, focus)).toBe(1);
  });
});
