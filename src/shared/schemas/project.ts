import { z } from 'zod';

export const PROJECT_STATUSES = ['generating', 'ready', 'error'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** One row of GET /api/projects (SPEC §7). */
export const projectSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  prompt: z.string(),
  status: z.enum(PROJECT_STATUSES),
  aspectRatio: z.string(),
  duration: z.number(),
  videoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectListResponseSchema = z.array(projectSummarySchema);
