/**
 * What each platform's published upload specification asks for where SPEC §9 leaves the export open (SPEC
 * fixes 1080p MP4 high for all five). The numbers and their sources are in decision 034; where a platform
 * publishes nothing, the export's general choice is written here so the table reads whole.
 */
export interface ExportPlatform {
  name: string;
  /** A keyframe at least this often, in closed GOPs. */
  keyframeSeconds: number;
  /** The AAC stereo track's rate, kbit/s. */
  audioKbps: number;
  /** The widest frame it takes: a larger export is scaled down to fit. */
  maxWidth?: number;
  /** The most the video's rate may reach, kbit/s (a cap on x264's rate control). */
  maxVideoKbps?: number;
  /** The slowest frame rate it takes: a slower video is written at a whole multiple of its rate. 0: the recorded rate, whatever it is. */
  minFrameRate: number;
  /** The shortest and longest video it takes, in seconds (the dialog warns outside them). */
  minSeconds?: number;
  maxSeconds: number;
}

export const EXPORT_PLATFORMS = {
  tiktok: { name: 'TikTok', keyframeSeconds: 1, audioKbps: 128, minFrameRate: 23, minSeconds: 3, maxSeconds: 180 },
  'instagram-reels': {
    name: 'Instagram Reels',
    keyframeSeconds: 1,
    audioKbps: 128,
    maxWidth: 1920,
    maxVideoKbps: 25_000,
    minFrameRate: 23,
    minSeconds: 3,
    maxSeconds: 900,
  },
  'youtube-shorts': { name: 'YouTube Shorts', keyframeSeconds: 0.5, audioKbps: 384, minFrameRate: 0, maxSeconds: 180 },
  'snapchat-spotlight': { name: 'Snapchat Spotlight', keyframeSeconds: 1, audioKbps: 192, minFrameRate: 23, minSeconds: 5, maxSeconds: 60 },
  'facebook-reels': { name: 'Facebook Reels', keyframeSeconds: 2, audioKbps: 128, minFrameRate: 24, minSeconds: 3, maxSeconds: 90 },
} as const satisfies Record<string, ExportPlatform>;

export type ExportPlatformId = keyof typeof EXPORT_PLATFORMS;

export const EXPORT_PLATFORM_IDS = Object.keys(EXPORT_PLATFORMS) as [ExportPlatformId, ...ExportPlatformId[]];

export function exportPlatform(id: ExportPlatformId): ExportPlatform {
  return EXPORT_PLATFORMS[id];
}
