import { describe, expect, it } from 'vitest';
import { CRF_BY_QUALITY } from './export-spec.ts';

describe('export spec', () => {
  it('maps quality to x264 CRF 18/23/28', () => {
    expect(CRF_BY_QUALITY).toEqual({ high: 18, medium: 23, low: 28 });
  });

});
