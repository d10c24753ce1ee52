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

export function presetSettings(name: PresetName): ExportSettings {
  return EXPORT_PRESETS.find((preset) => preset.name === name)?.settings ?? DEFAULT_PRESET.settings;
}

export function sameSettings(a: ExportSettings, b: ExportSettings): boolean {
  return a.resolution === b.resolution && a.format === b.format && a.quality === b.quality;
}

const QUALITY_NAMES: Record<ExportSettings['quality'], string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** '1080p · MP4 · High' */
export function describeSettings(settings: ExportSettings): string {
  return `${settings.resolution} · ${settings.format.toUpperCase()} · ${QUALITY_NAMES[settings.quality]}`;
}

export function qualityName(quality: ExportSettings['quality']): string {
  return QUALITY_NAMES[quality];
}

/** TikTok and Instagram refuse videos shorter than this, in seconds. */
const PLATFORM_MIN_SECONDS = 3;

/** What the export dialog says before a render the platforms would refuse for its length, or null. */
export function shortVideoWarning(outputSeconds: number): string | null {
  if (outputSeconds >= PLATFORM_MIN_SECONDS) return null;
  return `This video is ${outputSeconds.toFixed(1)} s long: TikTok and Instagram take videos of ${PLATFORM_MIN_SECONDS} seconds or more. Lengthen the trim before you export for them.`;
}
