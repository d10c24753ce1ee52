import { describe, expect, it } from 'vitest';
import { EXPORT_PRESETS } from '@shared/schemas/export';
import { ApiError } from '@/lib/api';
import { describeSettings, exportPhase, isProOnly, presetSettings, sameSettings, shortVideoWarning } from './export-phase';

const pending = (progress: number) => ({ status: 'pending' as const, progress, outputUrl: null, errorMessage: null });

describe('the export dialog phase', () => {
  it('shows the settings at 0 % until a job is started', () => {
    expect(exportPhase(null, undefined, null)).toEqual({ kind: 'settings', progress: 0 });
    expect(exportPhase(null, pending(40), null)).toEqual({ kind: 'settings', progress: 0 });
  });

  it('follows a running job, and offers the download once it has completed', () => {
    expect(exportPhase('job', undefined, null)).toEqual({ kind: 'running', progress: 0 });
    expect(exportPhase('job', pending(42), null)).toEqual({ kind: 'running', progress: 42 });
    expect(exportPhase('job', { status: 'completed', progress: 100, outputUrl: '/api/export-jobs/job/download', errorMessage: null }, null)).toEqual({
      kind: 'completed',
      progress: 100,
      outputUrl: '/api/export-jobs/job/download',
    });
  });

  it('reports a failure with the server reason, "Failed to process video", or the request message, back at 0 %', () => {
    expect(exportPhase('job', { status: 'failed', progress: 63, outputUrl: null, errorMessage: 'Invalid data found' }, null)).toEqual({
      kind: 'failed',
      progress: 0,
      message: 'Invalid data found',
    });
    expect(exportPhase('job', { status: 'failed', progress: 63, outputUrl: null, errorMessage: null }, null)).toMatchObject({
      message: 'Failed to process video',
    });
    const notFound = new ApiError(404, 'Not Found', '{"message":"Export not found"}');
    expect(exportPhase('job', pending(10), notFound)).toMatchObject({ kind: 'failed', progress: 0, message: 'Export not found' });
    expect(exportPhase('job', pending(10), new TypeError('Failed to fetch'))).toMatchObject({ message: 'Failed to fetch' });
  });

  it('goes back to the settings at 0 % once the job is cancelled', () => {
    expect(exportPhase('job', { status: 'cancelled', progress: 37, outputUrl: null, errorMessage: null }, null)).toEqual({ kind: 'settings', progress: 0 });
  });
});

describe('export presets and settings', () => {
  it('has the five platform presets at 1080p MP4 High, and 4K Pro for pro users only', () => {
    const platforms = EXPORT_PRESETS.filter((preset) => !isProOnly(preset));
    expect(platforms.map((preset) => preset.name)).toEqual(['TikTok', 'Instagram Reels', 'YouTube Shorts', 'Snapchat Spotlight', 'Facebook Reels']);
    for (const preset of platforms) expect(describeSettings(preset.settings)).toBe('1080p · MP4 · High');
    expect(describeSettings(presetSettings('4K Pro'))).toBe('4K · MP4 · High');
    expect(sameSettings(presetSettings('TikTok'), { resolution: '1080p', format: 'mp4', quality: 'high' })).toBe(true);
    expect(sameSettings(presetSettings('TikTok'), { resolution: '1080p', format: 'mov', quality: 'high' })).toBe(false);
  });
});

describe('the short-video warning', () => {
  it('warns before exporting under 3 s, which TikTok and Instagram refuse, and says nothing from 3 s on', () => {
    expect(shortVideoWarning(2.4)).toBe(
      'This video is 2.4 s long: TikTok and Instagram take videos of 3 seconds or more. Lengthen the trim before you export for them.',
    );
    expect(shortVideoWarning(3)).toBeNull();
    expect(shortVideoWarning(8)).toBeNull();
  });
});
