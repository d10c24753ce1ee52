import type { Project } from '../../shared/schemas/project.ts';
import type { VideoProjectRow } from '../db/schema.ts';

/** A project as the API shows it: media behind owner-only URLs, storage keys never exposed. */
export function toProject(row: VideoProjectRow): Project {
  const ready = row.status === 'ready' && row.videoKey !== null;
  return {
    id: row.id,
    title: row.title,
    prompt: row.prompt,
    status: row.status,
    aspectRatio: row.aspectRatio,
    duration: row.duration,
    videoUrl: ready ? `/api/video-proxy/${row.id}` : null,
    thumbnailUrl: row.thumbnailKey ? `/api/projects/${row.id}/thumbnail` : null,
    source: row.source,
    provider: row.provider,
    model: row.model,
    resolution: row.resolution,
    targetDuration: row.targetDuration,
    totalSegments: row.totalSegments,
    currentSegment: row.currentSegment,
    generationProgress: row.generationProgress,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt,
  };
}
