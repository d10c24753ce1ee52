import type { Project, ProjectSummary } from '../../shared/schemas/project.ts';
import type { VideoProjectRow } from '../db/schema.ts';
import type { ProjectSummaryRow } from './projects-repository.ts';
import { type StoredEditorDocument, UNREADABLE_EDIT_MESSAGE, readStoredEditorDocument } from './editor-document/editor-document.ts';

/**
 * A project as the API shows it: media behind owner-only URLs, storage keys never exposed. A caller that
 * already decoded the row's edit passes it, so it is not parsed again.
 */
export function toProject(row: VideoProjectRow, stored: StoredEditorDocument = readStoredEditorDocument(row.editorState, { projectId: row.id })): Project {
  return {
    ...toProjectSummary(row),
    provider: row.provider,
    model: row.model,
    resolution: row.resolution,
    generationProgress: row.generationProgress,
    // A project that has a video and is generating is being extended; it takes no saves meanwhile, so its
    // last update is when the extension started.
    extendingSince: row.status === 'generating' && row.videoKey !== null ? row.updatedAt : null,
    ...editorStateView(stored),
    placedShots: row.placedShots,
  };
}

function editorStateView(stored: StoredEditorDocument): Pick<Project, 'editorState' | 'editorStateError'> {
  if (stored.kind === 'edit') return { editorState: stored.state, editorStateError: null };
  return { editorState: null, editorStateError: stored.kind === 'unreadable' ? UNREADABLE_EDIT_MESSAGE : null };
}

/** A project as the dashboard's list shows it: the same, without the saved edit and the model settings. */
export function toProjectSummary(row: ProjectSummaryRow): Omit<ProjectSummary, 'generatingShots'> {
  return {
    id: row.id,
    title: row.title,
    prompt: row.prompt,
    status: row.status,
    aspectRatio: row.aspectRatio,
    // The sequence's length on the output (issue 26); the whole clip before the first edit.
    duration: row.outputDuration ?? row.duration,
    // SPEC's video and thumbnail are the first shot's clip and poster; an asset's files never change, so its id
    // is their version.
    videoUrl: row.videoKey !== null ? `/api/video-proxy/${row.id}?v=${firstShotVersion(row, row.videoKey)}` : null,
    thumbnailUrl: row.thumbnailKey ? `/api/projects/${row.id}/thumbnail?v=${firstShotVersion(row, row.thumbnailKey)}` : null,
    source: row.source,
    targetDuration: row.targetDuration,
    totalSegments: row.totalSegments,
    currentSegment: row.currentSegment,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt,
  };
}

/** The asset the first shot cuts, when it is not the project's own clip. */
export function firstShotAsset(row: Pick<VideoProjectRow, 'id' | 'firstMediaId'>): string | null {
  return row.firstMediaId !== null && row.firstMediaId !== row.id ? row.firstMediaId : null;
}

function firstShotVersion(row: Pick<VideoProjectRow, 'id' | 'firstMediaId'>, ownKey: string): string {
  const asset = firstShotAsset(row);
  return asset === null ? mediaVersion(ownKey) : `shot-${encodeURIComponent(asset)}`;
}

/**
 * Media URLs carry the stored file's name, so a browser that cached the video before an extension
 * asks for the new one instead of playing the shorter copy.
 */
export function mediaVersion(key: string): string {
  return encodeURIComponent(key.slice(key.lastIndexOf('/') + 1).replace(/\.\w+$/, ''));
}
