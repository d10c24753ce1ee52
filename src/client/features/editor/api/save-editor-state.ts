import type { QueryClient } from '@tanstack/react-query';
import type { EditorState } from '@shared/editor/editor-state';
import { projectSchema, type Project } from '@shared/schemas/project';
import { apiRequest } from '@/lib/api';
import { projectQueryKey } from './get-project';

function projectUrl(id: string): string {
  return `/api/projects/${encodeURIComponent(id)}`;
}

/** PATCH /api/projects/{id} with the whole editor state; the cached project follows the saved one. */
export async function saveEditorState(queryClient: QueryClient, id: string, editorState: EditorState): Promise<void> {
  const response = await apiRequest('PATCH', projectUrl(id), { editorState });
  queryClient.setQueryData(projectQueryKey(id), projectSchema.parse(await response.json()));
}

/**
 * The same save for a page that is going away: a keepalive request survives the navigation or the
 * closing tab, and the cache is updated at once so reopening the editor shows this state.
 */
export function saveEditorStateOnLeave(queryClient: QueryClient, id: string, editorState: EditorState): void {
  void fetch(projectUrl(id), {
    method: 'PATCH',
    keepalive: true,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ editorState }),
  }).catch(() => undefined);
  queryClient.setQueryData<Project>(projectQueryKey(id), (project) => project && { ...project, editorState });
}
