/** Generation rules of SPEC §1, §4, §5 and §9, shared by the create form and the server. */
export const SEGMENT_SECONDS = 8;
const CREDITS_PER_SEGMENT = 12;
export const VIDEO_DURATIONS = [8, 15, 30, 60, 90, 120, 180] as const;
export const VIDEO_ASPECT_RATIOS = ['9:16', '16:9'] as const;
export const VIDEO_RESOLUTIONS = ['720p', '1080p'] as const;
export const VIDEO_PROVIDER = 'veo';
export const VIDEO_MODEL = 'veo-3.1-fast';

export type VideoAspectRatio = (typeof VIDEO_ASPECT_RATIOS)[number];
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];

/** Long videos are chained in 8-second segments: segments = ceil(duration / 8). */
export function segmentCount(durationSeconds: number): number {
  return Math.max(1, Math.ceil(durationSeconds / SEGMENT_SECONDS));
}

/**
 * SPEC §9's price list, to the letter. It is not ceil(duration / 8) × 12 for 120 s and 180 s
 * (192 and 288 credits: 16 and 24 segments' worth), so the table, which users see, is the rule.
 */
const GENERATION_COSTS: Record<(typeof VIDEO_DURATIONS)[number], number> = {
  8: 12,
  15: 24,
  30: 48,
  60: 96,
  90: 144,
  120: 192,
  180: 288,
};

export function generationCost(durationSeconds: number): number {
  return (
    GENERATION_COSTS[durationSeconds as keyof typeof GENERATION_COSTS] ?? segmentCount(durationSeconds) * CREDITS_PER_SEGMENT
  );
}

/** A shot added to a project's sequence (issue 26): 4, 6 or 8 seconds, one model call. */
export const SHOT_DURATIONS = [4, 6, 8] as const;

/** SPEC's rate pro rata per second: 12 credits per 8 s, so 8 s = 12, 6 s = 9, 4 s = 6. */
export function shotCost(durationSeconds: number): number {
  return Math.ceil((durationSeconds * CREDITS_PER_SEGMENT) / SEGMENT_SECONDS);
}

const SIMULATED_TOTAL_SECONDS = 180;

/**
 * The generating badge of SPEC §4: elapsed seconds over 180, capped at 95 percent, and the minutes
 * left (3 minus elapsed minutes, at least 1). Where the server has measured how long its recent
 * generations took for this length (decision 033), that time takes the place of SPEC's 180 s.
 */
export function simulatedProgress(createdAt: string, now: number, expectedSeconds: number = SIMULATED_TOTAL_SECONDS): { percent: number; minutesLeft: number } {
  const total = expectedSeconds > 0 ? expectedSeconds : SIMULATED_TOTAL_SECONDS;
  const elapsedSeconds = Math.max(0, (now - Date.parse(createdAt)) / 1000);
  const percent = Math.min(95, Math.floor((elapsedSeconds / total) * 100));
  const minutesLeft = Math.max(1, Math.ceil((total - elapsedSeconds) / 60));
  return { percent, minutesLeft };
}
