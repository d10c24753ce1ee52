import type { ProjectSummary } from '@shared/schemas/project';

/**
 * What the Delete Project dialog says: deleting a project while it is made stops the work and gives back the
 * credits for what was not delivered (the server refunds them), so the creator knows nothing is lost.
 */
export function deleteProjectWarning(project: Pick<ProjectSummary, 'title' | 'status' | 'source' | 'videoUrl'>): string {
  const title = `"${project.title}"`;
  if (project.status === 'generating' && project.videoUrl) {
    return `${title} and its video will be deleted, and the extension under way stopped: its credits are refunded. This cannot be undone.`;
  }
  if (project.status === 'generating' && project.source !== 'upload') {
    return `${title} is still being generated: deleting it stops the generation and refunds its credits. This cannot be undone.`;
  }
  return `${title} and its video will be deleted. This cannot be undone.`;
}
