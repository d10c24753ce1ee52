import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EditorState } from '@shared/editor/editor-state';
import { startExportResponseSchema, type ExportSettings, type StartedExport } from '@shared/schemas/export';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { saveEditorState } from './save-editor-state';

interface StartExportInput {
  projectId: string;
  settings: ExportSettings;
  /**
   * The edit on screen, saved first: the server renders the saved state, and the autosave may still
   * be waiting out its delay, so without this the file could miss the last change.
   */
  editorState: EditorState;
  /** The store's count of the shots the server placed that the edit has taken in. */
  placedShotsSeen: number;
}

/** POST /api/projects/{id}/export: queues a render of the saved edit; answers the job's id and the server's estimate. */
async function startExport(queryClient: QueryClient, { projectId, settings, editorState, placedShotsSeen }: StartExportInput): Promise<StartedExport> {
  await saveEditorState(queryClient, projectId, editorState, placedShotsSeen);
  const response = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/export`, settings);
  return startExportResponseSchema.parse(await response.json());
}

export function useStartExport(mutationConfig: MutationConfig<(input: StartExportInput) => Promise<StartedExport>> = {}) {
  const queryClient = useQueryClient();
  return useMutation({ ...mutationConfig, mutationFn: (input: StartExportInput) => startExport(queryClient, input) });
}
