import { describe, expect, it } from 'vitest';
import { CRF_BY_QUALITY, exportCpuBudgetSeconds, loudnessPassCpuBudgetSeconds } from './export-spec.ts';

describe('export spec', () => {
  it('maps quality to x264 CRF 18/23/28', () => {
    expect(CRF_BY_QUALITY).toEqual({ high: 18, medium: 23, low: 28 });
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
