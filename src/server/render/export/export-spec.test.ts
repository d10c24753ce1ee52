import { describe, expect, it } from 'vitest';
import { CRF_BY_QUALITY, exportCpuBudgetSeconds, exportEncoding, loudnessPassCpuBudgetSeconds, lowQualityKbps } from './export-spec.ts';

describe('export spec', () => {
  it('encodes high and medium at x264 CRF 18 and 23, and low at a set rate by frame size and rate', () => {
    expect(CRF_BY_QUALITY).toEqual({ high: 18, medium: 23 });
    const frame = { width: 720, height: 1280 };
    expect(exportEncoding({ quality: 'high' }, frame, 30)).toEqual({ video: { crf: 18 } });
    expect(exportEncoding({ quality: 'low' }, frame, 30)).toEqual({ video: { kbps: 1382 } });
    expect(lowQualityKbps({ width: 1080, height: 1920 }, 30)).toBe(3110);
    expect(lowQualityKbps(frame, 60)).toBe(2765);
  });

  it("encodes for a platform with its keyframe interval, audio rate and rate cap", () => {
    const frame = { width: 1080, height: 1920 };
    expect(exportEncoding({ quality: 'high', platform: 'youtube-shorts' }, frame, 30)).toEqual({
      video: { crf: 18 }, keyframeSeconds: 0.5, audioKbps: 384, maxVideoKbps: undefined,
    });
    expect(exportEncoding({ quality: 'medium', platform: 'instagram-reels' }, frame, 30)).toEqual({
      video: { crf: 23 }, keyframeSeconds: 1, audioKbps: 128, maxVideoKbps: 25_000,
    });
  });

  it('gives each export a processor-time budget that grows with its output’s length and frame size only', () => {
    expect(exportCpuBudgetSeconds(8, 1080, 1920)).toBe(110);
    expect(exportCpuBudgetSeconds(16, 1080, 1920)).toBe(190);
    // Smaller frames get the 1080p budget; 4K four times its per-second share.
    expect(exportCpuBudgetSeconds(8, 720, 1280)).toBe(110);
    expect(exportCpuBudgetSeconds(8, 2160, 3840)).toBe(350);
    expect(loudnessPassCpuBudgetSeconds(8)).toBe(26);
  });
});
