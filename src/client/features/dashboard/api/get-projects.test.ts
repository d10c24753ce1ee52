import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '@shared/schemas/project';
import { GENERATING_REFETCH_MS, PROCESSING_UPLOAD_REFETCH_MS, projectsRefetchInterval } from './get-projects';

function project(status: ProjectSummary['status'], source = 'ai-generated'): ProjectSummary {
  return {
    id: status,
    title: status,
    prompt: 'a prompt',
    status,
    aspectRatio: '9:16',
    duration: 8,
    videoUrl: null,
    thumbnailUrl: null,
    source,
    targetDuration: 8,
    totalSegments: 1,
    currentSegment: 0,
    errorMessage: null,
    createdAt: new Date().toISOString(),
    generatingShots: 0,
  };
}

describe('projects list polling (SPEC §4)', () => {
  it('re-reads every 30 s while any project is generating', () => {
    expect(projectsRefetchInterval([project('ready'), project('generating')])).toBe(GENERATING_REFETCH_MS);
    expect(GENERATING_REFETCH_MS).toBe(30_000);
  });

  it('re-reads every 30 s while a shot of a ready project is being generated', () => {
    expect(projectsRefetchInterval([{ ...project('ready'), generatingShots: 1 }])).toBe(GENERATING_REFETCH_MS);
    expect(projectsRefetchInterval([project('ready')])).toBe(false);
  });

  it('re-reads every 3 s while an uploaded video is being processed', () => {
    expect(projectsRefetchInterval([project('generating'), project('generating', 'upload')])).toBe(PROCESSING_UPLOAD_REFETCH_MS);
    expect(projectsRefetchInterval([project('ready', 'upload')])).toBe(false);
  });

  it('does not poll when nothing is generating, or before the first answer', () => {
    expect(projectsRefetchInterval([project('ready'), project('error')])).toBe(false);
    expect(projectsRefetchInterval([])).toBe(false);
    expect(projectsRefetchInterval(undefined)).toBe(false);
  });
});
