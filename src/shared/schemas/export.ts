import { z } from 'zod';
import { EXPORT_PLATFORMS, EXPORT_PLATFORM_IDS, type ExportPlatformId } from '../export-platforms.ts';

export const EXPORT_RESOLUTIONS = ['720p', '1080p', '4K'] as const;
export const EXPORT_FORMATS = ['mp4', 'mov'] as const;
export const EXPORT_QUALITIES = ['high', 'medium', 'low'] as const;
const EXPORT_CAPTIONS = ['burned', 'none'] as const;

/**
 * POST /api/projects/{id}/export (SPEC §3 Export settings), and optionally the platform the file is for, whose
 * upload specification it then follows (decision 034).
 */
export const exportSettingsSchema = z
  .object({
    resolution: z.enum(EXPORT_RESOLUTIONS, { error: 'Resolution must be 720p, 1080p or 4K' }),
    format: z.enum(EXPORT_FORMATS, { error: 'Format must be mp4 or mov' }),
    quality: z.enum(EXPORT_QUALITIES, { error: 'Quality must be high, medium or low' }),
    platform: z
      .enum(EXPORT_PLATFORM_IDS, { error: `Platform must be ${EXPORT_PLATFORM_IDS.slice(0, -1).join(', ')} or ${EXPORT_PLATFORM_IDS.at(-1)}` })
      .optional(),
    /** Whether the edit's captions are drawn into the video (issue 27); a client that does not send it gets them burned in. */
    captions: z.enum(EXPORT_CAPTIONS, { error: 'Captions must be burned or none' }).default('burned'),
  })
  .strict();
/** What a client sends (`captions` may be left out); the server reads it through the schema, which fills it in. */
export type ExportSettings = z.input<typeof exportSettingsSchema>;

export const startExportResponseSchema = z.object({
  jobId: z.string(),
  /**
   * Seconds this server's recent exports of the same resolution took per output second, times this one's; null
   * until it has done a few. Beside SPEC's jobId, so a client reads an answer without it as "no estimate".
   */
  estimatedSeconds: z.number().nullable().optional(),
});
export type StartedExport = z.infer<typeof startExportResponseSchema>;

/** SPEC's three, and 'cancelled': the creator stopped the export (issue 17; decision 020). */
const EXPORT_JOB_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;

/** GET /api/export-jobs/{jobId}: polled every 2 s by the export dialog. */
export const exportJobResponseSchema = z.object({
  status: z.enum(EXPORT_JOB_STATUSES),
  progress: z.number().int().min(0).max(100),
  outputUrl: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type ExportJobResponse = z.infer<typeof exportJobResponseSchema>;

export const FOUR_K_PRO_ONLY = 'Upgrade to Pro for 4K export';

/** A platform's preset: SPEC §9's 1080p mp4 high, for that platform. */
function platformPreset<P extends ExportPlatformId>(platform: P) {
  return { name: EXPORT_PLATFORMS[platform].name, settings: { resolution: '1080p', format: 'mp4', quality: 'high', platform } } as const;
}

/**
 * SPEC §9: five platform presets, each 1080p mp4 high, plus '4K Pro' for pro users. A platform's preset names
 * its platform, so the file follows that platform's upload specification where SPEC leaves it open.
 */
export const EXPORT_PRESETS = [
  platformPreset('tiktok'),
  platformPreset('instagram-reels'),
  platformPreset('youtube-shorts'),
  platformPreset('snapchat-spotlight'),
  platformPreset('facebook-reels'),
  { name: '4K Pro', settings: { resolution: '4K', format: 'mp4', quality: 'high' }, proOnly: true },
] as const satisfies ReadonlyArray<{ name: string; settings: ExportSettings; proOnly?: boolean }>;
