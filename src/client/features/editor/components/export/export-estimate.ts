import type { ExportSettings } from '@shared/schemas/export';

/** Pixels of one output frame at each resolution (the short side times the long side). */
const FRAME_PIXELS: Record<ExportSettings['resolution'], number> = {
  '720p': 720 * 1280,
  '1080p': 1080 * 1920,
  '4K': 2160 * 3840,
};

/**
 * Seconds of rendering per output pixel-second and the fixed cost of a run, from docs/benchmarks.md
 * ("Export": 8 s at 720p took 6.5 s and 30 s at 1080p 44 s on the 2-core reference machine).
 */
const SECONDS_PER_PIXEL_SECOND = 0.8e-6;
const FIXED_SECONDS = 1;

/**
 * How long rendering this export should take, in words: "about 10 seconds", "about 2 minutes". The server's
 * estimate from its recent exports of this resolution when it has one; else the reference machine's rate.
 */
export function exportEstimate(outputSeconds: number, resolution: ExportSettings['resolution'], measuredSeconds: number | null = null): string {
  const seconds = measuredSeconds ?? FIXED_SECONDS + Math.max(0, outputSeconds) * FRAME_PIXELS[resolution] * SECONDS_PER_PIXEL_SECOND;
  if (seconds < 45) return `about ${Math.max(5, Math.round(seconds / 5) * 5)} seconds`;
  const minutes = Math.round(seconds / 60);
  return minutes <= 1 ? 'about a minute' : `about ${minutes} minutes`;
}

/** "Rendering takes about a minute for this 25 s video at 1080p.": the export dialog's note and its toast. */
export function renderTimeSentence(outputSeconds: number, resolution: ExportSettings['resolution'], measuredSeconds: number | null = null): string {
  return `Rendering takes ${exportEstimate(outputSeconds, resolution, measuredSeconds)} for this ${String(Math.round(outputSeconds))} s video at ${resolution}.`;
}

/** What the export dialog says before the creator starts one (issue 42.17): what it costs, and how long it takes. */
export function exportCostNote(outputSeconds: number, resolution: ExportSettings['resolution']): string {
  return `Exporting is free: it uses no credits. ${renderTimeSentence(outputSeconds, resolution)}`;
}
