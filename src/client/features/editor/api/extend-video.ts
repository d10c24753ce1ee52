import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditorState } from '@shared/editor/editor-state';
import { projectSchema, type Project } from '@shared/schemas/project';
import { apiRequest } from '@/lib/api';
import type { MutationConfig } from '@/lib/query-client';
import { currentUserQueryKey } from './get-current-user';
import { projectQueryKey } from './get-project';
import { saveEditorState } from './save-editor-state';

interface ExtendVideoInput {
  projectId: string;
  prompt: string;
  /** The edit on screen, saved first: a generating project takes no saves, so a pending autosave would be lost. */
  editorState: EditorState;
  /** The store's count of the shots the server placed that the edit has taken in. */
  placedShotsSeen: number;
}

export function useExtendVideo(mutationConfig: MutationConfig<(input: ExtendVideoInput) => Promise<Project>> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig;
  return useMutation({
    ...rest,
    mutationFn: async ({ projectId, prompt, editorState, placedShotsSeen }: ExtendVideoInput): Promise<Project> => {
      await saveEditorState(queryClient, projectId, editorState, placedShotsSeen);
      const response = await apiRequest('POST', `/api/projects/${encodeURIComponent(projectId)}/extend`, { prompt });
      return projectSchema.parse(await response.json());
    },
    onSuccess: async (project, ...args) => {
      await onSuccess?.(project, ...args);
      // The editor shows 'Video is being generated' at once; the project query polls until it is ready.
      queryClient.setQueryData(projectQueryKey(project.id), project);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectQueryKey(project.id) }),
        queryClient.invalidateQueries({ queryKey: ['/api/projects'], exact: true }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]);
    },
  });
}
