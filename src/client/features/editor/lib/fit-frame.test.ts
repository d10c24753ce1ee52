import { describe, expect, it } from 'vitest';
import { aspectValue, fitFrame } from './fit-frame';

describe('fitting the frame to the space', () => {
  it('reads aspect ratios, taking anything unreadable as 9:16', () => {
    expect(aspectValue('16:9')).toBeCloseTo(16 / 9);
    expect(aspectValue('1:1')).toBe(1);
    expect(aspectValue('wide')).toBe(9 / 16);
  });

  it('is limited by the height for a vertical clip in a wide space, and by the width otherwise', () => {
    expect(fitFrame(9 / 16, { width: 800, height: 640 })).toEqual({ width: 360, height: 640 });
    expect(fitFrame(16 / 9, { width: 640, height: 800 })).toEqual({ width: 640, height: 360 });
    expect(fitFrame(1, { width: 0, height: 500 })).toEqual({ width: 0, height: 0 });
  });
});
