import { type ExportPlatformId, exportPlatform } from '@shared/export-platforms';
import { EXPORT_PRESETS, type ExportJobResponse, type ExportSettings } from '@shared/schemas/export';
import { errorMessage } from '@/lib/api';

/** What the export dialog shows (SPEC §4 Export job states). */
export type ExportPhase =
  | { kind: 'settings'; progress: 0 }
  | { kind: 'running'; progress: number }
  | { kind: 'completed'; progress: 100; outputUrl: string }
  | { kind: 'failed'; progress: 0; message: string };

const PROCESSING_FAILED = 'Failed to process video';

/**
 * The export's phase from the job the editor started (if any) and the last poll. A failed or cancelled
 * job counts as cleared: the settings show again with the progress back at 0, and the next Export starts afresh.
 */
export function exportPhase(jobId: string | null, job: ExportJobResponse | undefined, pollError: Error | null): ExportPhase {
  if (jobId === null) return { kind: 'settings', progress: 0 };
  if (pollError) return { kind: 'failed', progress: 0, message: requestMessage(pollError) };
  if (!job) return { kind: 'running', progress: 0 };
  if (job.status === 'failed') return { kind: 'failed', progress: 0, message: job.errorMessage || PROCESSING_FAILED };
  if (job.status === 'cancelled') return { kind: 'settings', progress: 0 };
  if (job.status === 'completed') {
    return job.outputUrl
      ? { kind: 'completed', progress: 100, outputUrl: job.outputUrl }
      : { kind: 'failed', progress: 0, message: PROCESSING_FAILED };
  }
  return { kind: 'running', progress: Math.min(99, Math.max(0, job.progress)) };
}

/** SPEC §8: the server's words for a failed call, else the request's own message. */
export function requestMessage(error: Error): string {
  return errorMessage(error, error.message || PROCESSING_FAILED);
}

export type ExportPreset = (typeof EXPORT_PRESETS)[number];
export type PresetName = ExportPreset['name'];

export const DEFAULT_PRESET: ExportPreset = EXPORT_PRESETS[0];

export function isProOnly(preset: ExportPreset): boolean {
  return 'proOnly' in preset && preset.proOnly;
}

function sameSettings(a: ExportSettings, b: ExportSettings): boolean {
  return a.resolution === b.resolution && a.format === b.format && a.quality === b.quality && a.platform === b.platform;
}

/**
 * The preset the dialog shows chosen: the platform's whatever size, format and quality were picked by hand
 * (the file is still for that platform), else the one whose settings these are exactly (4K Pro), else none.
 */
export function chosenPreset(settings: ExportSettings): PresetName | null {
  const chosen = EXPORT_PRESETS.find((preset) =>
    settings.platform ? presetPlatform(preset) === settings.platform : sameSettings(preset.settings, settings),
  );
  return chosen?.name ?? null;
}

export function presetPlatform(preset: ExportPreset): ExportPlatformId | undefined {
  return 'platform' in preset.settings ? preset.settings.platform : undefined;
}

const QUALITY_NAMES: Record<ExportSettings['quality'], string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** '1080p · MP4 · High' */
export function describeSettings(settings: ExportSettings): string {
  return `${settings.resolution} · ${settings.format.toUpperCase()} · ${QUALITY_NAMES[settings.quality]}`;
}

export function qualityName(quality: ExportSettings['quality']): string {
  return QUALITY_NAMES[quality];
}

function formatLength(seconds: number): string {
  return seconds >= 120 ? `${seconds / 60} min` : `${seconds} s`;
}

/** The lengths a platform takes: '3 s – 3 min', or 'up to 3 min' where it publishes no minimum. */
export function lengthLimits(platform: ExportPlatformId): string {
  const { minSeconds, maxSeconds } = exportPlatform(platform);
  return minSeconds === undefined ? `up to ${formatLength(maxSeconds)}` : `${formatLength(minSeconds)} – ${formatLength(maxSeconds)}`;
}

/** TikTok and Instagram refuse videos shorter than this, in seconds: the warning for an export for no platform in particular. */
const PLATFORMS_MIN_SECONDS = 3;

/**
 * What the export dialog says before a render its platform would refuse for its length (for no platform in
 * particular, under TikTok's and Instagram's 3 s), or null. The length is compared as it is shown, to a tenth.
 */
export function lengthWarning(outputSeconds: number, platform?: ExportPlatformId): string | null {
  const shown = Math.round(outputSeconds * 10) / 10;
  const length = `This video is ${shown.toFixed(1)} s long`;
  if (!platform) {
    if (shown >= PLATFORMS_MIN_SECONDS) return null;
    return `${length}: TikTok and Instagram take videos of ${PLATFORMS_MIN_SECONDS} seconds or more. Lengthen the trim before you export for them.`;
  }
  const { name, minSeconds, maxSeconds } = exportPlatform(platform);
  const takes = `${length}: ${name} takes videos of ${lengthLimits(platform)}.`;
  if (minSeconds !== undefined && shown < minSeconds) return `${takes} Lengthen the trim before you export for it.`;
  if (shown > maxSeconds) return `${takes} Shorten the trim before you export for it.`;
  return null;
}
