import { describe, expect, it } from 'vitest';
import { newShot } from './editor-state.ts';
import { sequenceSound, withSequenceSound } from './sequence-controls.ts';

describe('the sequence’s one sound control', () => {
  const shots = [{ ...newShot('a', 'clip', 4), volume: 0.4, muted: true }, newShot('b', 'other', 2)];

  it('shows the first shot’s sound', () => {
    expect(sequenceSound({ shots })).toEqual({ volume: 0.4, muted: true });
  });

  it('sets every shot’s sound, leaving what it was not given as it was', () => {
    expect(withSequenceSound(shots, { volume: 0.7 }).map(({ volume, muted }) => ({ volume, muted }))).toEqual([
      { volume: 0.7, muted: true },
      { volume: 0.7, muted: false },
    ]);
    expect(withSequenceSound(shots, { muted: false }).every((shot) => !shot.muted)).toBe(true);
  });
});
