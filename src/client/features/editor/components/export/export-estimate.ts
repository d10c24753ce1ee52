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
