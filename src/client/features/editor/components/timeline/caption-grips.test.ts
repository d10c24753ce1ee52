import { describe, expect, it } from 'vitest';
import { captionGrips } from './caption-grips';
import { FINGER_PX } from './timeline-model';

describe('a caption word’s grips for a finger', () => {
  it('take 44 px outside each edge however narrow the word, so neither covers the word', () => {
    // A word 10 px wide from 100 px, on a timeline 400 px long: grips from 56 to 100 and from 110 to 154.
    expect(captionGrips(100, 110, 400)).toEqual({ start: -FINGER_PX, end: 10 });
    expect(FINGER_PX).toBe(44);
  });

  it('stay on the timeline at its ends, reaching into the word there', () => {
    expect(captionGrips(10, 20, 400)).toEqual({ start: -10, end: 10 });
    expect(captionGrips(380, 390, 400)).toEqual({ start: -FINGER_PX, end: 400 - FINGER_PX - 380 });
  });
});
