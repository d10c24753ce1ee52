import { describe, expect, it } from 'vitest';
import { CRF_BY_QUALITY, exportFrameSize, fitInside } from './export-spec.ts';

describe('export spec', () => {
  it('maps quality to x264 CRF 18/23/28', () => {
    expect(CRF_BY_QUALITY).toEqual({ high: 18, medium: 23, low: 28 });
  });

  it('sizes the output by resolution and the source aspect', () => {
    expect(exportFrameSize({ width: 720, height: 1280 }, '4K')).toEqual({ width: 2160, height: 3840 });
    expect(exportFrameSize({ width: 1280, height: 720 }, '1080p')).toEqual({ width: 1920, height: 1080 });
    expect(exportFrameSize({ width: 500, height: 500 }, '720p')).toEqual({ width: 720, height: 720 });
    // The nearest standard aspect: 3:2 is 16:9, 4:5 is 1:1.
    expect(exportFrameSize({ width: 1500, height: 1000 }, '720p')).toEqual({ width: 1280, height: 720 });
    expect(exportFrameSize({ width: 1080, height: 1350 }, '720p')).toEqual({ width: 720, height: 720 });
  });

  it('fits the source inside the frame and centres it', () => {
    expect(fitInside({ width: 1080, height: 1920 }, { width: 720, height: 1280 })).toEqual({ width: 720, height: 1280, x: 0, y: 0 });
    // 4:3 into 16:9: 960x720 with 160 px bars left and right.
    expect(fitInside({ width: 1440, height: 1080 }, { width: 1280, height: 720 })).toEqual({ width: 960, height: 720, x: 160, y: 0 });
    // a slightly wide 9:16 source: full width, bars top and bottom.
    expect(fitInside({ width: 730, height: 1280 }, { width: 720, height: 1280 })).toEqual({ width: 720, height: 1262, x: 0, y: 9 });
  });
});
