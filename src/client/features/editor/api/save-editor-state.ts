import type { QueryClient } from '@tanstack/react-query';
import type { EditorState } from '@shared/editor/editor-state';
import { projectSchema, type Project } from '@shared/schemas/project';
import { apiRequest } from '@/lib/api';
import { projectQueryKey } from './get-project';

function projectUrl(id: string): string {
  return `/api/projects/${encodeURIComponent(id)}`;
}

/** An edit to save, and how many of the shots the server placed it has taken in (so a later one is kept). */
export interface EditorSave {
  editorState: EditorState;
  placedShotsSeen: number;
}

/**
 * PATCH /api/projects/{id} with the whole editor state; the cached project follows the saved one. With
 * `placedShotsSeen` (the store's), a shot the server placed since is kept; without it the state is saved as sent.
 */
export async function saveEditorState(queryClient: QueryClient, id: string, editorState: EditorState, placedShotsSeen?: number): Promise<void> {
  const response = await apiRequest('PATCH', projectUrl(id), { editorState, placedShotsSeen });
  queryClient.setQueryData(projectQueryKey(id), projectSchema.parse(await response.json()));
}

/**
 * The same save for a page that is going away: a keepalive request survives the navigation or the
 * closing tab, and the cache is updated at once so reopening the editor shows this state.
 */
export function saveEditorStateOnLeave(queryClient: QueryClient, id: string, save: EditorSave): void {
  void fetch(projectUrl(id), {
    method: 'PATCH',
    keepalive: true,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(save),
  }).catch(() => undefined);
  // The shots placed since are not in it: the next open reads the project again, or takes them from the media list.
  queryClient.setQueryData<Project>(projectQueryKey(id), (project) => project && { ...project, editorState: save.editorState, placedShots: Math.min(project.placedShots, save.placedShotsSeen) });
}
