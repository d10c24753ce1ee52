import { describe, expect, it } from 'vitest';
import { deleteProjectWarning } from './delete-project-warning';

describe('deleteProjectWarning', () => {
  const project = { title: 'Sunset drive', status: 'ready', source: 'ai-generated', videoUrl: '/api/video-proxy/p1' } as const;

  it('says the credits of a generation still under way are refunded', () => {
    expect(deleteProjectWarning({ ...project, status: 'generating', videoUrl: null })).toBe(
      '"Sunset drive" is still being generated: deleting it stops the generation and refunds its credits. This cannot be undone.',
    );
  });

  it('says an extension under way is stopped and its credits refunded', () => {
    expect(deleteProjectWarning({ ...project, status: 'generating' })).toBe(
      '"Sunset drive" and its video will be deleted, and the extension under way stopped: its credits are refunded. This cannot be undone.',
    );
  });

  it('promises no refund for a finished project or an upload being processed, which cost nothing', () => {
    expect(deleteProjectWarning(project)).toBe('"Sunset drive" and its video will be deleted. This cannot be undone.');
    expect(deleteProjectWarning({ ...project, status: 'generating', source: 'upload', videoUrl: null })).not.toMatch(/refund/);
  });
});
