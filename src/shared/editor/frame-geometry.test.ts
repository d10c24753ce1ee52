import { describe, expect, it } from 'vitest';
import { aspectValue, capWidth, exportFrameSize, fitFrame, fitInside, nearestAspectRatio, standardSize } from './frame-geometry.ts';

describe('frame geometry', () => {
  it('gives the standard frame of DESIGN §5 for each aspect and resolution', () => {
    expect(standardSize('9:16', '720p')).toEqual({ width: 720, height: 1280 });
    expect(standardSize('16:9', '720p')).toEqual({ width: 1280, height: 720 });
    expect(standardSize('9:16', '1080p')).toEqual({ width: 1080, height: 1920 });
    expect(standardSize('16:9', '1080p')).toEqual({ width: 1920, height: 1080 });
    expect(standardSize('9:16', '4K')).toEqual({ width: 2160, height: 3840 });
    expect(standardSize('16:9', '4K')).toEqual({ width: 3840, height: 2160 });
    expect(standardSize('1:1', '1080p')).toEqual({ width: 1080, height: 1080 });
  });

  it('takes the nearest standard aspect of a video', () => {
    expect(nearestAspectRatio(1080, 1920)).toBe('9:16');
    expect(nearestAspectRatio(1500, 1000)).toBe('16:9');
    expect(nearestAspectRatio(1080, 1350)).toBe('1:1');
  });

  it('sizes the export frame by resolution and the source aspect', () => {
    expect(exportFrameSize({ width: 720, height: 1280 }, '4K')).toEqual({ width: 2160, height: 3840 });
    expect(exportFrameSize({ width: 1280, height: 720 }, '1080p')).toEqual({ width: 1920, height: 1080 });
    expect(exportFrameSize({ width: 500, height: 500 }, '720p')).toEqual({ width: 720, height: 720 });
    // The nearest standard aspect: 3:2 is 16:9, 4:5 is 1:1.
    expect(exportFrameSize({ width: 1500, height: 1000 }, '720p')).toEqual({ width: 1280, height: 720 });
    expect(exportFrameSize({ width: 1080, height: 1350 }, '720p')).toEqual({ width: 720, height: 720 });
  });

  it('scales the export frame down to a platform\'s widest (Instagram takes 1920 px), keeping its aspect in even pixels', () => {
    expect(exportFrameSize({ width: 720, height: 1280 }, '4K', 1920)).toEqual({ width: 1920, height: 3414 });
    expect(exportFrameSize({ width: 1280, height: 720 }, '4K', 1920)).toEqual({ width: 1920, height: 1080 });
    expect(exportFrameSize({ width: 500, height: 500 }, '4K', 1920)).toEqual({ width: 1920, height: 1920 });
    expect(exportFrameSize({ width: 720, height: 1280 }, '1080p', 1920)).toEqual({ width: 1080, height: 1920 });
    expect(capWidth({ width: 1080, height: 1920 })).toEqual({ width: 1080, height: 1920 });
  });

  it('reads aspect ratios, taking anything unreadable as 9:16', () => {
    expect(aspectValue('16:9')).toBeCloseTo(16 / 9);
    expect(aspectValue('1:1')).toBe(1);
    expect(aspectValue('wide')).toBe(9 / 16);
  });

  it('fits the source inside the export frame and centres it', () => {
    expect(fitInside({ width: 1080, height: 1920 }, { width: 720, height: 1280 })).toEqual({ width: 720, height: 1280, x: 0, y: 0 });
    // 4:3 into 16:9: 960x720 with 160 px bars left and right.
    expect(fitInside({ width: 1440, height: 1080 }, { width: 1280, height: 720 })).toEqual({ width: 960, height: 720, x: 160, y: 0 });
    // a slightly wide 9:16 source: full width, bars top and bottom.
    expect(fitInside({ width: 730, height: 1280 }, { width: 720, height: 1280 })).toEqual({ width: 720, height: 1262, x: 0, y: 9 });
  });

  it('fits the preview frame to the space: limited by the height for a vertical clip in a wide space, by the width otherwise', () => {
    expect(fitFrame(9 / 16, { width: 800, height: 640 })).toMatchObject({ width: 360, height: 640 });
    expect(fitFrame(16 / 9, { width: 640, height: 800 })).toMatchObject({ width: 640, height: 360 });
    expect(fitFrame(1, { width: 0, height: 500 })).toMatchObject({ width: 0, height: 0 });
  });

  it('fits the preview frame and the export picture by the same rule', () => {
    const source = { width: 1440, height: 1080 };
    const box = { width: 1280, height: 720 };
    expect(fitFrame(source.width / source.height, box)).toEqual(fitInside(source, box));
  });
});
