import { type EditorState, defaultEditorState } from '../../shared/editor/editor-state.ts';

/** An untouched edit of a project's own clip (`duration` s long), its one shot cut to [start, end). */
export function clipEdit(projectId: string, duration: number, cut?: { start: number; end: number }): EditorState {
  const state = defaultEditorState(projectId, duration);
  if (!cut) return state;
  return { ...state, shots: state.shots.map((shot) => ({ ...shot, in: cut.start, out: cut.end })) };
}
