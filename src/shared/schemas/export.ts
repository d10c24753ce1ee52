import { z } from 'zod';

export const EXPORT_RESOLUTIONS = ['720p', '1080p', '4K'] as const;
export const EXPORT_FORMATS = ['mp4', 'mov'] as const;
export const EXPORT_QUALITIES = ['high', 'medium', 'low'] as const;

/** POST /api/projects/{id}/export (SPEC §3 Export settings). */
export const exportSettingsSchema = z
  .object({
    resolution: z.enum(EXPORT_RESOLUTIONS, { error: 'Resolution must be 720p, 1080p or 4K' }),
    format: z.enum(EXPORT_FORMATS, { error: 'Format must be mp4 or mov' }),
    quality: z.enum(EXPORT_QUALITIES, { error: 'Quality must be high, medium or low' }),
  })
  .strict();
export type ExportSettings = z.infer<typeof exportSettingsSchema>;

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

/** SPEC §9: five platform presets, each 1080p mp4 high, plus '4K Pro' for pro users. */
export const EXPORT_PRESETS = [
  { name: 'TikTok', settings: { resolution: '1080p', format: 'mp4', quality: 'high' } },
  { name: 'Instagram Reels', settings: { resolution: '1080p', format: 'mp4', quality: 'high' } },
  { name: 'YouTube Shorts', settings: { resolution: '1080p', format: 'mp4', quality: 'high' } },
  { name: 'Snapchat Spotlight', settings: { resolution: '1080p', format: 'mp4', quality: 'high' } },
  { name: 'Facebook Reels', settings: { resolution: '1080p', format: 'mp4', quality: 'high' } },
  { name: '4K Pro', settings: { resolution: '4K', format: 'mp4', quality: 'high' }, proOnly: true },
] as const satisfies ReadonlyArray<{ name: string; settings: ExportSettings; proOnly?: boolean }>;
