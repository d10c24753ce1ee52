import { describe, expect, it } from 'vitest';
import { exportFrameRate, storedFrameRate } from './frame-rate.ts';

const rates = (frameRate: number, nominalFrameRate = frameRate) => ({ frameRate, nominalFrameRate });

describe('the frame rate a video is written at', () => {
  it('keeps a constant standard rate as it is, when storing and when exporting', () => {
    for (const fps of [24, 25, 30, 30000 / 1001, 50, 60]) {
      expect(storedFrameRate(rates(fps), 60)).toBeUndefined();
      expect(exportFrameRate(rates(fps))).toEqual({ fps, resample: false });
    }
  });

  it('stores a variable-rate video at its average snapped to a standard rate, not at its finest step', () => {
    // A phone's screen recording: ffprobe says 60 (the finest step) and the frames average 27.3 a second.
    expect(storedFrameRate(rates(27.3, 60), 60)).toBe(30);
    expect(storedFrameRate(rates(23.5, 90000), 60)).toBe(24);
    expect(storedFrameRate(rates(30.5, 60), 60)).toBe(30);
    expect(storedFrameRate(rates(120), 60)).toBe(60);
  });

  it('exports at 23 fps or more (TikTok and Instagram take 23 to 60): a 15 fps recording at 30', () => {
    expect(exportFrameRate(rates(15))).toEqual({ fps: 30, resample: true });
    expect(exportFrameRate(rates(12))).toEqual({ fps: 24, resample: true });
    expect(exportFrameRate(rates(10))).toEqual({ fps: 30, resample: true });
    expect(exportFrameRate(rates(27.3, 60))).toEqual({ fps: 30, resample: true });
  });

  it("keeps to a platform's own slowest rate: Facebook's 24 writes 23.976 fps at 24, YouTube's recorded rate keeps 15", () => {
    expect(exportFrameRate(rates(24000 / 1001), 24)).toEqual({ fps: 24, resample: true });
    expect(exportFrameRate(rates(15), 24)).toEqual({ fps: 30, resample: true });
    expect(exportFrameRate(rates(24000 / 1001), 23)).toEqual({ fps: 24000 / 1001, resample: false });
    expect(exportFrameRate(rates(15), 0)).toEqual({ fps: 15, resample: false });
  });
});
