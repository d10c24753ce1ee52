import { describe, expect, it } from 'vitest';
import { EXPORT_PLATFORM_IDS } from '@shared/export-platforms';
import { EXPORT_PRESETS } from '@shared/schemas/export';
import { ApiError } from '@/lib/api';
import { chosenPreset, describeSettings, exportPhase, isProOnly, lengthLimits, lengthWarning, presetPlatform } from './export-phase';

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
  it('has the five platform presets at 1080p MP4 High, each for its platform, and 4K Pro for pro users only', () => {
    const platforms = EXPORT_PRESETS.filter((preset) => !isProOnly(preset));
    expect(platforms.map((preset) => preset.name)).toEqual(['TikTok', 'Instagram Reels', 'YouTube Shorts', 'Snapchat Spotlight', 'Facebook Reels']);
    for (const preset of platforms) expect(describeSettings(preset.settings)).toBe('1080p · MP4 · High');
    expect(platforms.map(presetPlatform)).toEqual(['tiktok', 'instagram-reels', 'youtube-shorts', 'snapchat-spotlight', 'facebook-reels']);
    const fourK = EXPORT_PRESETS.find(isProOnly)!;
    expect([fourK.name, describeSettings(fourK.settings), presetPlatform(fourK)]).toEqual(['4K Pro', '4K · MP4 · High', undefined]);
  });

  it('keeps a platform chosen when its size, format or quality is changed by hand; 4K Pro only while its settings are its own', () => {
    expect(chosenPreset({ resolution: '1080p', format: 'mp4', quality: 'high', platform: 'instagram-reels' })).toBe('Instagram Reels');
    expect(chosenPreset({ resolution: '4K', format: 'mov', quality: 'low', platform: 'instagram-reels' })).toBe('Instagram Reels');
    expect(chosenPreset({ resolution: '4K', format: 'mp4', quality: 'high' })).toBe('4K Pro');
    expect(chosenPreset({ resolution: '4K', format: 'mp4', quality: 'low' })).toBeNull();
    expect(chosenPreset({ resolution: '1080p', format: 'mp4', quality: 'high' })).toBeNull();
  });

  it('shows the lengths each platform takes', () => {
    expect(EXPORT_PLATFORM_IDS.map(lengthLimits)).toEqual(['3 s – 3 min', '3 s – 15 min', 'up to 3 min', '5 s – 60 s', '3 s – 90 s']);
  });
});

describe('the length warning', () => {
  it('warns before exporting under 3 s for no platform in particular, which TikTok and Instagram refuse, and says nothing from 3 s on', () => {
    expect(lengthWarning(2.4)).toBe(
      'This video is 2.4 s long: TikTok and Instagram take videos of 3 seconds or more. Lengthen the trim before you export for them.',
    );
    expect(lengthWarning(3)).toBeNull();
    expect(lengthWarning(200)).toBeNull();
  });

  it("warns when the edit is shorter or longer than its platform takes, comparing the length as shown", () => {
    expect(lengthWarning(4.5, 'snapchat-spotlight')).toBe(
      'This video is 4.5 s long: Snapchat Spotlight takes videos of 5 s – 60 s. Lengthen the trim before you export for it.',
    );
    expect(lengthWarning(4.5, 'tiktok')).toBeNull();
    expect(lengthWarning(95, 'facebook-reels')).toBe(
      'This video is 95.0 s long: Facebook Reels takes videos of 3 s – 90 s. Shorten the trim before you export for it.',
    );
    expect(lengthWarning(95, 'instagram-reels')).toBeNull();
    expect(lengthWarning(181, 'youtube-shorts')).toBe(
      'This video is 181.0 s long: YouTube Shorts takes videos of up to 3 min. Shorten the trim before you export for it.',
    );
    expect(lengthWarning(0.5, 'youtube-shorts')).toBeNull();
    expect(lengthWarning(180.04, 'tiktok')).toBeNull();
  });
});
