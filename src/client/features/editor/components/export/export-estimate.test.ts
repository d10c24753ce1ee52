import { describe, expect, it } from 'vitest';
import { exportCostNote, exportEstimate, renderTimeSentence } from './export-estimate';

describe('the export estimate', () => {
  it('follows the clip length and the resolution, as measured on the reference machine', () => {
    expect(exportEstimate(8, '720p')).toBe('about 5 seconds');
    expect(exportEstimate(30, '1080p')).toBe('about a minute');
    expect(exportEstimate(100, '1080p')).toBe('about 3 minutes');
    expect(exportEstimate(100, '4K')).toBe('about 11 minutes');
  });

  it('says what the server measured for its recent exports when it has', () => {
    expect(exportEstimate(8, '720p', 56)).toBe('about a minute');
    expect(exportEstimate(8, '720p', 14)).toBe('about 15 seconds');
    expect(exportEstimate(8, '720p', null)).toBe('about 5 seconds');
  });

  // Issue 42.17: the dialog says, before the export starts, that it is free and how long it takes.
  it('says in the dialog that exporting is free, and how long this video takes at this resolution', () => {
    expect(exportCostNote(25.4, '1080p')).toBe('Exporting is free: it uses no credits. Rendering takes about 45 seconds for this 25 s video at 1080p.');
    expect(renderTimeSentence(8, '720p', 56)).toBe('Rendering takes about a minute for this 8 s video at 720p.');
  });
});
