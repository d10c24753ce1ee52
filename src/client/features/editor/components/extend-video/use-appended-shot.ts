import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { outputDuration } from '@shared/editor/editor-state';
import type { Project } from '@shared/schemas/project';
import { toast } from '@/components/ui/use-toast';
import { projectMediaKey } from '../../api/get-project-media';
import { formatDuration } from '../../lib/format-time';
import { useEditor } from '../../store/editor-context';

/**
 * An extension appends a shot to the saved edit (decision 040) and leaves the project's clip as it was, so the
 * editor is not reopened on a new clip: when the extension it watched ends well, the edit the server lengthened
 * becomes the present, as one undoable step, before any autosave could put the shorter one back. Edits are held
 * while the shot is made, so there is nothing here to merge.
 */
export function useAppendedShot(project: Pick<Project, 'status' | 'extendingSince' | 'errorMessage' | 'editorState'>): void {
  const { projectId, store, dispatch } = useEditor();
  const queryClient = useQueryClient();
  const watched = useRef(project.extendingSince);
  useEffect(() => {
    if (project.extendingSince !== null) {
      watched.current = project.extendingSince;
      return;
    }
    if (watched.current === null) return;
    watched.current = null;
    const extended = project.editorState;
    if (project.status !== 'ready' || project.errorMessage !== null || extended === null) return; // a failure has its own notice
    // The new shot's clip is a new asset of the project: the player reads it from the media list.
    void queryClient.invalidateQueries({ queryKey: projectMediaKey(projectId) });
    dispatch({ type: 'replaceState', label: 'Extend video', base: store.present, state: extended });
    toast({ title: 'Video extended', description: `A new shot follows the last one: the video now runs ${formatDuration(outputDuration(extended))}.` });
  }, [project.extendingSince, project.status, project.errorMessage, project.editorState, store.present, dispatch, projectId, queryClient]);
}
